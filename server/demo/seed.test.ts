import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign, CampaignPage } from '#contract/campaigns';
import { Me } from '#contract/me';
import { SubmissionPage, SubmissionRevisionPage } from '#contract/submissions';
import { BUILTIN_TARGETING, ensureBuiltinTargeting } from '../db/builtin-targeting.ts';
import { queryRows, transaction } from '../db/client.ts';
import { seedDemo } from '../services/demo.ts';
import { createTestContext, fileContext } from '../test/harness.ts';
import {
  DEMO_AGENCY_KEY,
  DEMO_BRAND_KEY,
  DEFAULT_MEDIA_BASE,
  DEMO_MEMBER_PASSWORD,
  existingDemoMembers,
  type DemoWorld,
} from './seed.ts';
import { DEMO_SHOP_SENDER } from './codes.ts';

const ctx = await fileContext();
const seeded = await seedDemo(ctx.db);
if (!seeded.created) throw new Error('the test database should have been empty');
const world: DemoWorld = seeded.world;

async function counts() {
  const tables = [
    'brands',
    'agencies',
    'agency_brands',
    'api_keys',
    'targeting_properties',
    'targeting_values',
    'campaigns',
    'tasks',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql.raw(`select count(*)::int as n from ${t}`),
    );
    out[t] = row!.n;
  }
  return out;
}

describe('the demo world', () => {
  it('has an agency managing Glow Lab and Northwind Outdoors, and Pixel Coffee on its own', () => {
    expect(world.agency.name).toBe('Brightline Agency');
    expect(world.brands.map((b) => [b.name, b.managed_by_agency])).toEqual([
      ['Glow Lab', true],
      ['Northwind Outdoors', true],
      ['Pixel Coffee', false],
    ]);
    expect(world.brand_key).toBe(DEMO_BRAND_KEY);
    expect(world.agency_key).toBe(DEMO_AGENCY_KEY);
  });

  it('gives a brand key for Glow Lab with every scope', async () => {
    const res = await ctx.request('GET', '/2026-07/me', { key: DEMO_BRAND_KEY });
    expect(res.status).toBe(200);
    const me = Me.parse(res.json);
    expect(me.brands.map((b) => b.name)).toEqual(['Glow Lab']);
    expect(me.key.scopes).toHaveLength(8);
  });

  it('gives an agency key for Brightline with its two brands and every scope', async () => {
    const me = Me.parse((await ctx.request('GET', '/2026-07/me', { key: DEMO_AGENCY_KEY })).json);
    expect(me.agency?.name).toBe('Brightline Agency');
    expect(me.brands.map((b) => b.name)).toEqual(['Glow Lab', 'Northwind Outdoors']);
    expect(me.key.scopes).toHaveLength(8);
  });

  it('stores the demo keys hashed, like any key', async () => {
    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`select row_to_json(k)::text as row from api_keys k`,
    );
    const all = rows.map((r) => r.row).join('\n');
    expect(all).not.toContain(DEMO_BRAND_KEY);
    expect(all).not.toContain(DEMO_AGENCY_KEY);
  });

  it('is seeded only once: seeding again changes nothing', async () => {
    const before = await counts();
    expect(await seedDemo(ctx.db)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });
});

describe('built-in targeting properties', () => {
  it('exist on a database that was never seeded', async () => {
    const other = await createTestContext();
    try {
      const { key } = await other.ops.brandWithKey();
      const res = await other.request('GET', '/2026-07/targeting/properties', { key: key.key });
      expect(res.json.data.map((p: { id: string }) => p.id)).toEqual(
        BUILTIN_TARGETING.map((p) => p.id),
      );
    } finally {
      await other.close();
    }
  });

  it('are ensured idempotently', async () => {
    const before = await counts();
    await transaction(ctx.db, ensureBuiltinTargeting);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo campaigns', () => {
  const statusesOf = (page: CampaignPage) => new Set(page.data.map((c) => c.status));

  it('give every brand campaigns in every status, valid by the contract', async () => {
    for (const brand of world.brands) {
      const res = await ctx.request('GET', `/2026-07/campaigns?limit=100&brand_id=${brand.id}`, {
        key: brand.managed_by_agency ? DEMO_AGENCY_KEY : await pixelKey(),
      });
      expect(res.status).toBe(200);
      const page = CampaignPage.parse(res.json);
      expect(statusesOf(page)).toEqual(
        new Set(['draft', 'pending_approval', 'active', 'paused', 'completed']),
      );
      for (const c of page.data)
        expect(c.tasks_count).toBeGreaterThanOrEqual(c.status === 'draft' ? 0 : 2);
    }
  });

  it('include a denied draft, a campaign paused for a billing issue, a weekly-video-cap one and targeting', async () => {
    const page = CampaignPage.parse(
      (await ctx.request('GET', '/2026-07/campaigns?limit=100', { key: DEMO_BRAND_KEY })).json,
    );
    expect(page.data.length).toBeGreaterThanOrEqual(6);
    expect(
      page.data.some((c) => c.status === 'draft' && c.status_detail?.kind === 'publish_denied'),
    ).toBe(true);
    expect(
      page.data.some(
        (c) =>
          c.status === 'paused' &&
          c.status_detail?.kind === 'auto_paused' &&
          c.status_detail.reason === 'billing_issue',
      ),
    ).toBe(true);
    expect(page.data.some((c) => c.targeting !== null)).toBe(true);
    const weekly = page.data.find((c) => c.name === 'Glow Weekly Creators')!;
    const task = (
      await ctx.request('GET', `/2026-07/campaigns/${weekly.id}`, { key: DEMO_BRAND_KEY })
    ).json.tasks[0];
    const res = await ctx.request('PATCH', `/2026-07/campaigns/${weekly.id}/tasks/${task.id}`, {
      key: DEMO_BRAND_KEY,
      body: { title: 'x' },
    });
    expect(res.json.code).toBe('task_read_only');
  });

  it('answer each campaign in full by the contract', async () => {
    const page = CampaignPage.parse(
      (await ctx.request('GET', '/2026-07/campaigns?limit=100', { key: DEMO_AGENCY_KEY })).json,
    );
    for (const c of page.data) {
      const one = Campaign.parse(
        (await ctx.request('GET', `/2026-07/campaigns/${c.id}`, { key: DEMO_AGENCY_KEY })).json,
      );
      expect(one.tasks).toHaveLength(c.tasks_count);
    }
  });

  it('show images the service itself serves (public/samples), never an address that does not resolve', async () => {
    const page = CampaignPage.parse(
      (await ctx.request('GET', '/2026-07/campaigns?limit=100', { key: DEMO_AGENCY_KEY })).json,
    );
    const images: string[] = [];
    for (const c of page.data) {
      const one = Campaign.parse(
        (await ctx.request('GET', `/2026-07/campaigns/${c.id}`, { key: DEMO_AGENCY_KEY })).json,
      );
      images.push(
        ...[one.icon_url, one.product.image_url, ...one.tasks.map((t) => t.image_url)].filter(
          (u): u is string => u !== null,
        ),
      );
    }
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const url of images) {
      expect(url).toMatch(new RegExp(`^${DEFAULT_MEDIA_BASE}/samples/[a-z0-9-]+\\.svg$`));
      expect(
        existsSync(new URL(`../../public/samples/${url.split('/').at(-1)}`, import.meta.url)),
      ).toBe(true);
    }
  });
});

describe('the demo content (docs/api.md#media-items-and-notes)', () => {
  it('has a carousel waiting in Summer Glow Serum Launch, and a revision whose previous version was rejected with notes', async () => {
    const page = CampaignPage.parse(
      (await ctx.request('GET', '/2026-07/campaigns?limit=100', { key: DEMO_AGENCY_KEY })).json,
    );
    const summer = page.data.find((c) => c.name === 'Summer Glow Serum Launch')!;
    const waiting = SubmissionPage.parse(
      (
        await ctx.request(
          'GET',
          `/2026-07/campaigns/${summer.id}/submissions?status=in_review&limit=100`,
          { key: DEMO_AGENCY_KEY },
        )
      ).json,
    ).data;
    const carousel = waiting.find((s) => s.media_type === 'carousel');
    expect(carousel).toBeDefined();
    expect(carousel!.media_items.length).toBeGreaterThanOrEqual(2);
    expect(carousel!.media_items.length).toBeLessThanOrEqual(6);
    expect(carousel!.media_url).toBe(carousel!.media_items[0]!.url);
    for (const item of carousel!.media_items) {
      expect(item.url).toMatch(new RegExp(`^${DEFAULT_MEDIA_BASE}/samples/slide-[1-6]\\.svg$`));
    }

    const revised = waiting.filter((s) => s.revision_count > 0 && s.notes.length > 0);
    expect(revised.length).toBeGreaterThan(0);
    const versions = SubmissionRevisionPage.parse(
      (
        await ctx.request(
          'GET',
          `/2026-07/campaigns/${summer.id}/submissions/${revised[0]!.id}/revisions`,
          { key: DEMO_AGENCY_KEY },
        )
      ).json,
    ).data;
    expect(versions.map((v) => v.revision)).toEqual([1, 0]);
    expect(versions[0]!.decision).toBeNull();
    expect(versions[1]!.decision).toMatchObject({ status: 'rejected', notes: revised[0]!.notes });
    expect(versions[1]!.decision!.feedback).toBe(revised[0]!.feedback);
    expect(Date.parse(versions[1]!.submitted_at!)).toBeLessThan(
      Date.parse(versions[0]!.submitted_at!),
    );
  });
});

async function pixelKey(): Promise<string> {
  const pixel = world.brands.find((b) => b.name === 'Pixel Coffee')!;
  return (await ctx.ops.createKey({ kind: 'brand', brand_id: pixel.id })).key;
}

describe('the demo members', () => {
  it('sign in with the printed password, with their role, for their brand or the agency', async () => {
    const glow = world.brands.find((b) => b.name === 'Glow Lab')!;
    expect(world.members.emails).toHaveLength(16);
    const reviewer = await ctx.request('POST', '/2026-07/sessions', {
      body: { email: 'reviewer@glowlab.demo', password: DEMO_MEMBER_PASSWORD },
    });
    expect(reviewer.status, reviewer.text).toBe(201);
    expect(reviewer.json.member).toMatchObject({ name: 'Maya Chen', role: 'reviewer' });
    const me = Me.parse(
      (await ctx.request('GET', '/2026-07/me', { key: reviewer.json.token as string })).json,
    );
    expect(me.brands.map((b) => b.id)).toEqual([glow.id]);
    const agencyAdmin = await ctx.request('POST', '/2026-07/sessions', {
      body: { email: 'admin@brightline.demo', password: DEMO_MEMBER_PASSWORD },
    });
    expect(agencyAdmin.status, agencyAdmin.text).toBe(201);
    const agencyMe = Me.parse(
      (await ctx.request('GET', '/2026-07/me', { key: agencyAdmin.json.token as string })).json,
    );
    expect(agencyMe.agency?.name).toBe('Brightline Agency');
    expect(agencyMe.key.scopes).toContain('members:write');
    expect((await existingDemoMembers(ctx.db)).map((m) => `${m.role}@${m.of}`).sort()).toHaveLength(
      16,
    );
  });
});

describe('the demo world’s earnings', () => {
  it('are in the record: the demo shop’s usage reports, and a ledger that agrees with every spend', async () => {
    const reports = await queryRows<{ n: number; sender: string; channel: string }>(
      ctx.db,
      sql`select count(*)::int as n, sender, channel from usage_reports group by sender, channel`,
    );
    expect(reports).toEqual([{ n: 3, sender: DEMO_SHOP_SENDER, channel: 'api' }]);
    // Every code use that paid is named by its report.
    const [unreported] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from earnings where source = 'code' and usage_report_id is null`,
    );
    expect(unreported!.n).toBe(0);
    const participations = await queryRows<{ spend: number; ledger: number }>(
      ctx.db,
      sql`select cc.spend_cents::float8 as spend, coalesce(sum(e.cents), 0)::float8 as ledger
        from campaign_creators cc left join earnings e
          on e.campaign_id = cc.campaign_id and e.creator_id = cc.creator_id
        group by cc.campaign_id, cc.creator_id, cc.spend_cents`,
    );
    expect(participations.filter((p) => p.spend !== p.ledger)).toEqual([]);
    expect(participations.some((p) => p.spend > 0)).toBe(true);
    const campaigns = await queryRows<{ name: string; spent: number; ledger: number }>(
      ctx.db,
      sql`select c.name, c.spent_cents::float8 as spent, coalesce(sum(e.cents), 0)::float8 as ledger
        from campaigns c left join earnings e on e.campaign_id = c.id
        group by c.id, c.name, c.spent_cents`,
    );
    expect(campaigns.filter((c) => c.spent !== c.ledger)).toEqual([]);
  });
});

describe('migration 0017', () => {
  it('backfills a ledger that agrees with every creator’s spend from what the demo world holds', async () => {
    const migration = readFileSync(
      new URL('../db/migrations/0017_earnings.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO "earnings"/.test(s));
    expect(backfill).toHaveLength(3);
    await transaction(ctx.db, async (tx) => {
      await tx.execute(sql`delete from earnings`);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    const mismatched = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from campaign_creators cc
        where cc.spend_cents <> coalesce((select sum(e.cents) from earnings e
          where e.campaign_id = cc.campaign_id and e.creator_id = cc.creator_id), 0)`,
    );
    expect(mismatched[0]!.n).toBe(0);
    const [payouts] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from payouts p
        where not exists (select 1 from earnings e where e.payout_id = p.id)`,
    );
    expect(payouts!.n).toBe(0);
    const [codes] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from earnings where source = 'code' and code is not null`,
    );
    expect(codes!.n).toBeGreaterThan(0);
  });
});
