import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import {
  CodeGroupPage,
  CodesAdded,
  DiscountCode,
  DiscountCodePage,
  UsageReportResult,
} from '#contract/codes';
import { CampaignCreator } from '#contract/creators';
import { queryRows } from '../../db/client.ts';
import { activeWorld } from '../../test/activity.ts';
import { expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';
import { addCodes as addCodesOf, newGroup as newGroupOf } from '../../test/usage.ts';

// The discount-code facility: groups (platform side), adding codes, listing, usage reports (JSON,
// CSV, one code) that never go down and pay the assigned creator, deletion, assignment.

const { ctx, brand } = await brandWorld();

let counter = 0;
const newCode = (prefix = 'C') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

const newGroup = (brandId = brand.brand.id, commission = 50) =>
  newGroupOf(ctx, brandId, commission);

const addCodes = (groupId: string, codes: string[], key = brand.key.key) =>
  addCodesOf(ctx, key, groupId, codes);

const getCode = async (code: string, key = brand.key.key) => {
  const page = DiscountCodePage.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/codes?code=${encodeURIComponent(code)}`, { key }),
      200,
    ),
  );
  return page.data[0];
};

/** The codes_count of one of the brand's groups, as GET /code-groups lists it. */
const codesCount = async (groupId: string) => {
  const groups = CodeGroupPage.parse(
    expectStatus(
      await ctx.request('GET', '/2026-07/code-groups?limit=100', { key: brand.key.key }),
      200,
    ),
  );
  return groups.data.find((g) => g.id === groupId)!.codes_count;
};

/** POST /ops/codes/{code}/assign, as the platform. */
const assign = (code: string, body: unknown) => ops(ctx, 'POST', `/ops/codes/${code}/assign`, body);

/** PUT /codes/{code}: reports a code's total uses as the brand (or `key`). */
const putUses = (code: string, body: unknown, key = brand.key.key) =>
  ctx.request('PUT', `/2026-07/codes/${code}`, { key, body });

/** Reports `total_uses` of a code as the brand; expects 200 and answers the updated code. */
const reportUses = async (code: string, total_uses: number) =>
  DiscountCode.parse(expectStatus(await putUses(code, { total_uses }), 200));

const putCsv = (csv: string, key = brand.key.key, type = 'text/csv') =>
  ctx.request('PUT', '/2026-07/codes', { key, rawBody: csv, headers: { 'Content-Type': type } });

/** A code of a new group, assigned to an approved creator of an active campaign. */
async function assignedCode(commission = 50) {
  const world = await activeWorld(ctx, brand.key.key, 1);
  const group = await newGroup(brand.brand.id, commission);
  const [code] = await addCodes(group.id, [newCode('A')]);
  const creatorId = world.creators[0]!.id;
  const assigned = DiscountCode.parse(
    expectStatus(
      await assign(code!.code, {
        creator_id: creatorId,
        campaign_id: world.campaign.id,
      }),
      200,
    ),
  );
  return { world, group, code: assigned, creatorId };
}

async function spendOf(campaignId: string, creatorId: string) {
  const campaign = Campaign.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}`, { key: brand.key.key }),
      200,
    ),
  );
  const creator = CampaignCreator.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/creators/${creatorId}`, {
        key: brand.key.key,
      }),
      200,
    ),
  );
  return { campaign: campaign.spent_cents, creator: creator.spend_cents };
}

describe('code groups', () => {
  it("POST /ops/code-groups creates a group of a brand; GET /code-groups lists the key's groups newest first with codes_count", async () => {
    const other = await ctx.ops.brandWithKey();
    const first = await newGroup();
    const second = await newGroup();
    await newGroup(other.brand.id);
    expect(first).toMatchObject({
      brand_id: brand.brand.id,
      user_description: '15% off your first order',
      commission_cents: 50,
      codes_count: 0,
    });
    await addCodes(second.id, [newCode(), newCode()]);
    const page = CodeGroupPage.parse(
      expectStatus(await ctx.request('GET', '/2026-07/code-groups', { key: brand.key.key }), 200),
    );
    expect(page.data.every((g) => g.brand_id === brand.brand.id)).toBe(true);
    const ids = page.data.map((g) => g.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(page.data.find((g) => g.id === second.id)!.codes_count).toBe(2);
    // Paging by cursor visits every group once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await ctx.request(
        'GET',
        `/2026-07/code-groups?limit=1${cursor ? `&starting_after=${cursor}` : ''}`,
        { key: brand.key.key },
      );
      const p = CodeGroupPage.parse(expectStatus(res, 200));
      seen.push(...p.data.map((g) => g.id));
      cursor = p.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('POST /ops/code-groups answers 422 naming the field for an unknown brand or a bad body', async () => {
    const body = {
      brand_id: '00000000-0000-4000-8000-000000000000',
      name: 'G',
      user_description: 'x',
      commission_cents: 1,
    };
    const invalid: [body: object, field: string][] = [
      [body, 'brand_id'],
      [{ ...body, brand_id: brand.brand.id, commission_cents: -1 }, 'commission_cents'],
      [{ ...body, brand_id: brand.brand.id, user_description: '' }, 'user_description'],
    ];
    for (const [bad, field] of invalid)
      expectError(await ops(ctx, 'POST', '/ops/code-groups', bad), 422, 'validation_failed', field);
    expectError(
      await ctx.request('POST', '/ops/code-groups', { key: brand.key.key, body }),
      401,
      'unauthenticated',
    );
  });

  it("agency keys see their brands' groups, may narrow to one brand, and get 403 brand_not_managed for another", async () => {
    const agency = await ctx.ops.agencyWithKey(2);
    const a = await newGroup(agency.brands[0]!.id);
    const b = await newGroup(agency.brands[1]!.id);
    const all = CodeGroupPage.parse(
      expectStatus(await ctx.request('GET', '/2026-07/code-groups', { key: agency.key.key }), 200),
    );
    expect(all.data.map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
    const one = CodeGroupPage.parse(
      expectStatus(
        await ctx.request('GET', `/2026-07/code-groups?brand_id=${agency.brands[1]!.id}`, {
          key: agency.key.key,
        }),
        200,
      ),
    );
    expect(one.data.map((g) => g.id)).toEqual([b.id]);
    expectError(
      await ctx.request('GET', `/2026-07/code-groups?brand_id=${brand.brand.id}`, {
        key: agency.key.key,
      }),
      403,
      'brand_not_managed',
      'brand_id',
    );
  });

  it('needs codes:read to list and codes:write to change', async () => {
    const readOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.brand.id,
      scopes: ['codes:read'],
    });
    const campaignsOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.brand.id,
      scopes: ['campaigns:read', 'campaigns:write'],
    });
    expectError(
      await ctx.request('GET', '/2026-07/code-groups', { key: campaignsOnly.key }),
      403,
      'missing_scope',
    );
    expectError(
      await ctx.request('GET', '/2026-07/codes', { key: campaignsOnly.key }),
      403,
      'missing_scope',
    );
    expectStatus(await ctx.request('GET', '/2026-07/codes', { key: readOnly.key }), 200);
    const group = await newGroup();
    expectError(
      await ctx.request('POST', '/2026-07/codes', {
        key: readOnly.key,
        body: { group_id: group.id, codes: ['X1'] },
      }),
      403,
      'missing_scope',
    );
    expectError(
      await ctx.request('PUT', '/2026-07/codes', {
        key: readOnly.key,
        body: { usage: [{ code: 'X1', total_uses: 1 }] },
      }),
      403,
      'missing_scope',
    );
    expectError(
      await ctx.request('PUT', '/2026-07/codes/X1', { key: readOnly.key, body: { total_uses: 1 } }),
      403,
      'missing_scope',
    );
    expectError(
      await ctx.request('DELETE', '/2026-07/codes/X1', { key: readOnly.key }),
      403,
      'missing_scope',
    );
  });
});

describe('POST /codes', () => {
  it("adds 1..1000 codes with the group's user_description unless one is given", async () => {
    const group = await newGroup();
    const [a] = await addCodes(group.id, [newCode()]);
    expect(a).toMatchObject({
      group_id: group.id,
      user_description: group.user_description,
      total_uses: 0,
      assigned_creator_id: null,
      assigned_campaign_id: null,
      earnings_cents: 0,
      last_reported_at: null,
    });
    const many = Array.from(
      { length: 1000 },
      (_, i) => `BULK-${group.id.slice(0, 8).toUpperCase()}-${i}`,
    );
    const res = await ctx.request('POST', '/2026-07/codes', {
      key: brand.key.key,
      body: { group_id: group.id, codes: many, user_description: 'Free shipping' },
    });
    const added = CodesAdded.parse(expectStatus(res, 201)).data;
    expect(added.map((c) => c.code)).toEqual(many);
    expect(added.every((c) => c.user_description === 'Free shipping')).toBe(true);
    expect(await codesCount(group.id)).toBe(1001);
  });

  it('answers 409 code_exists naming the code (of any brand) and adds nothing', async () => {
    const other = await ctx.ops.brandWithKey();
    const otherGroup = await newGroup(other.brand.id);
    const taken = newCode('T');
    await addCodes(otherGroup.id, [taken], other.key.key);
    const group = await newGroup();
    const fresh = newCode('F');
    const res = await ctx.request('POST', '/2026-07/codes', {
      key: brand.key.key,
      body: { group_id: group.id, codes: [fresh, taken] },
    });
    expectError(res, 409, 'code_exists', 'codes[1]');
    expect(res.json.message).toContain(taken);
    expect(res.json.issues).toEqual([{ field: 'codes[1]', message: `"${taken}" already exists` }]);
    expect(await getCode(fresh)).toBeUndefined();
    expect(await codesCount(group.id)).toBe(0);
  });

  it('with an Idempotency-Key answers a retry with the original 201 and Idempotent-Replay: true instead of code_exists', async () => {
    const group = await newGroup();
    const body = { group_id: group.id, codes: [newCode('I'), newCode('I')] };
    const idem = `idem-${crypto.randomUUID()}`;
    const post = (b: unknown) =>
      ctx.request('POST', '/2026-07/codes', {
        key: brand.key.key,
        body: b,
        headers: { 'Idempotency-Key': idem },
      });
    const first = await post(body);
    const added = CodesAdded.parse(expectStatus(first, 201));
    expect(first.headers.get('Idempotent-Replay')).toBe('false');
    const again = await post(body);
    expect(CodesAdded.parse(expectStatus(again, 201))).toEqual(added);
    expect(again.headers.get('Idempotent-Replay')).toBe('true');
    expect(again.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await codesCount(group.id)).toBe(2);
    // The same key with other codes is another intent: refused, nothing added.
    expectError(
      await post({ group_id: group.id, codes: [newCode('J')] }),
      409,
      'idempotency_conflict',
      'Idempotency-Key',
    );
    expect(await codesCount(group.id)).toBe(2);
    // Without a key a repeat is refused as before.
    expectError(
      await ctx.request('POST', '/2026-07/codes', { key: brand.key.key, body }),
      409,
      'code_exists',
      'codes[0]',
    );
  });

  it('answers 422 naming the field for bad codes, repeats, too many or none, and 404 for a group the key cannot see', async () => {
    const group = await newGroup();
    const post = (body: unknown) =>
      ctx.request('POST', '/2026-07/codes', { key: brand.key.key, body });
    const invalid: [body: unknown, field: string][] = [
      [{ group_id: group.id, codes: ['OK', 'has space'] }, 'codes[1]'],
      [{ group_id: group.id, codes: ['DUP', 'DUP'] }, 'codes[1]'],
      [{ group_id: group.id, codes: [] }, 'codes'],
      [{ group_id: group.id, codes: Array.from({ length: 1001 }, (_, i) => `N${i}`) }, 'codes'],
      [{ codes: ['A'] }, 'group_id'],
      [{ group_id: group.id, codes: ['A'], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of invalid)
      expectError(await post(body), 422, 'validation_failed', field);
    const other = await ctx.ops.brandWithKey();
    expectError(
      await post({ group_id: (await newGroup(other.brand.id)).id, codes: [newCode()] }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('POST', '/2026-07/codes', { key: brand.key.key, rawBody: '{bad' }),
      400,
      'invalid_request',
    );
    expectError(
      await ctx.request('POST', '/2026-07/codes', {
        key: brand.key.key,
        rawBody: 'x',
        headers: { 'Content-Type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
  });
});

describe('codes in upper case (docs/decisions/0169-codes-in-upper-case.md)', () => {
  it('migration 0018 raises codes stored in lower case, keeps one whose upper case is taken, and names raised codes in the ledger as they are now', async () => {
    const { world, group, code, creatorId } = await assignedCode();
    const raised = code.code.toLowerCase();
    const taken = newCode('Tk');
    const kept = taken.toLowerCase();
    await addCodes(group.id, [taken]);
    // As a database from before the rule held them: one code in lower case, and one lower-case
    // spelling of a code that exists in upper case, each with a row in the ledger.
    await ctx.db.execute(sql`update discount_codes set code = ${raised} where code = ${code.code}`);
    await ctx.db.execute(sql`insert into discount_codes (code, group_id, brand_id, user_description)
      select ${kept}, group_id, brand_id, user_description from discount_codes where code = ${taken}`);
    for (const c of [raised, kept]) {
      await ctx.db
        .execute(sql`insert into earnings (brand_id, campaign_id, creator_id, source, code, uses, cents)
        values (${brand.brand.id}::uuid, ${world.campaign.id}::uuid, ${creatorId}, 'code', ${c}, 1, 50)`);
    }
    const migration = readFileSync(
      new URL('../../db/migrations/0018_activity_order_and_code_case.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const codeCase = migration.slice(migration.findIndex((s) => s.includes('DISABLE TRIGGER')));
    expect(codeCase).toHaveLength(4);
    for (const statement of codeCase) await ctx.db.execute(sql.raw(statement));

    const codes = await queryRows<{ code: string }>(
      ctx.db,
      sql`select code from discount_codes where upper(code) in (${code.code}, ${taken}) order by code`,
    );
    expect(codes.map((c) => c.code).sort()).toEqual([code.code, taken, kept].sort());
    const ledger = await queryRows<{ code: string }>(
      ctx.db,
      sql`select code from earnings where upper(code) in (${code.code}, ${taken})`,
    );
    expect(ledger.map((e) => e.code).sort()).toEqual([code.code, kept].sort());
  });

  it('keeps a code added in lower case in upper case, and finds it by either case everywhere', async () => {
    const group = await newGroup();
    const upper = newCode('Lc');
    const lower = upper.toLowerCase();
    const [added] = await addCodes(group.id, [`  ${lower} `]);
    expect(added!.code).toBe(upper);
    const [row] = await queryRows<{ code: string }>(
      ctx.db,
      sql`select code from discount_codes where code in (${upper}, ${lower})`,
    );
    expect(row).toEqual({ code: upper });

    // The same code in another case is the same code: 409, not a second one.
    const again = await ctx.request('POST', '/2026-07/codes', {
      key: brand.key.key,
      body: { group_id: group.id, codes: [upper] },
    });
    expectError(again, 409, 'code_exists');
    expect(again.json.message).toContain(upper);
    const twice = await ctx.request('POST', '/2026-07/codes', {
      key: brand.key.key,
      body: { group_id: group.id, codes: ['Twin-A', 'twin-a'] },
    });
    expectError(twice, 422, 'validation_failed');

    expect((await getCode(lower))?.code).toBe(upper);
    expect((await reportUses(lower, 2)).code).toBe(upper);
    const json = UsageReportResult.parse(
      expectStatus(
        await ctx.request('PUT', '/2026-07/codes', {
          key: brand.key.key,
          body: { usage: [{ code: lower, total_uses: 3 }] },
        }),
        200,
      ),
    );
    expect(json.data.map((d) => [d.code, d.total_uses])).toEqual([[upper, 3]]);
    const csv = UsageReportResult.parse(
      expectStatus(await putCsv(`code,total_uses\n${lower},4\n`), 200),
    );
    expect(csv.data.map((d) => [d.code, d.total_uses])).toEqual([[upper, 4]]);
  });
});

describe('GET /codes', () => {
  it("filters by group, code and assignment, in code order, paging by cursor; other brands' codes stay invisible", async () => {
    const { group, code } = await assignedCode();
    const spare = ['Z-1', 'Y-1', 'X-1'].map((c) => `${c}-${group.id.slice(0, 8).toUpperCase()}`);
    await addCodes(group.id, spare);
    const list = async (query: string) =>
      DiscountCodePage.parse(
        expectStatus(
          await ctx.request('GET', `/2026-07/codes?${query}`, { key: brand.key.key }),
          200,
        ),
      );
    expect((await list(`group_id=${group.id}`)).data.map((c) => c.code)).toEqual(
      [code.code, ...spare].sort(),
    );
    expect((await list(`group_id=${group.id}&assigned=true`)).data.map((c) => c.code)).toEqual([
      code.code,
    ]);
    expect((await list(`group_id=${group.id}&assigned=false`)).data.map((c) => c.code)).toEqual(
      [...spare].sort(),
    );
    expect((await list(`code=${spare[0]}&code=${spare[2]}`)).data.map((c) => c.code)).toEqual(
      [spare[0], spare[2]].sort(),
    );
    const first = await list(`group_id=${group.id}&limit=2`);
    expect(first.has_more).toBe(true);
    const second = await list(`group_id=${group.id}&limit=2&starting_after=${first.next_cursor}`);
    expect([...first.data, ...second.data].map((c) => c.code)).toEqual(
      [code.code, ...spare].sort(),
    );
    expect(second.next_cursor).toBeNull();
    expectError(
      await ctx.request(
        'GET',
        `/2026-07/codes?group_id=${group.id}&starting_after=${first.next_cursor}&assigned=true`,
        { key: brand.key.key },
      ),
      400,
      'invalid_request',
      'starting_after',
    );
    expectError(
      await ctx.request('GET', '/2026-07/codes?assigned=maybe', { key: brand.key.key }),
      400,
      'invalid_request',
      'assigned',
    );
    const other = await ctx.ops.brandWithKey();
    expect(
      (await ctx.request('GET', `/2026-07/codes?code=${code.code}`, { key: other.key.key })).json
        .data,
    ).toEqual([]);
    expectError(
      await ctx.request('GET', `/2026-07/codes?group_id=${group.id}`, { key: other.key.key }),
      404,
      'not_found',
    );
  });
});

describe('POST /ops/codes/{code}/assign', () => {
  it('assigns a code to an approved creator of a campaign of its brand, once', async () => {
    const { world, code, creatorId } = await assignedCode();
    expect(code).toMatchObject({
      assigned_creator_id: creatorId,
      assigned_campaign_id: world.campaign.id,
    });
    // The same assignment again changes nothing; another one is a conflict.
    expectStatus(
      await assign(code.code, {
        creator_id: creatorId,
        campaign_id: world.campaign.id,
      }),
      200,
    );
    const second = await activeWorld(ctx, brand.key.key, 1);
    expectError(
      await assign(code.code, {
        creator_id: second.creators[0]!.id,
        campaign_id: second.campaign.id,
      }),
      409,
      'code_assigned',
      'code',
    );
  });

  it('refuses an unknown code (404), a campaign of another brand (422), and a creator not approved on it (409)', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1);
    const [code] = await addCodes((await newGroup()).id, [newCode()]);
    const body = { creator_id: world.creators[0]!.id, campaign_id: world.campaign.id };
    expectError(await ops(ctx, 'POST', '/ops/codes/NOPE-NOT-HERE/assign', body), 404, 'not_found');
    const other = await ctx.ops.brandWithKey();
    const foreign = await activeWorld(ctx, other.key.key, 1);
    expectError(
      await assign(code!.code, {
        creator_id: foreign.creators[0]!.id,
        campaign_id: foreign.campaign.id,
      }),
      422,
      'validation_failed',
      'campaign_id',
    );
    const stranger = await activeWorld(ctx, brand.key.key, 1);
    expectError(
      await assign(code!.code, {
        creator_id: stranger.creators[0]!.id,
        campaign_id: world.campaign.id,
      }),
      409,
      'invalid_state_transition',
      'creator_id',
    );
    expectError(
      await assign(code!.code, {
        creator_id: 'cr_nobody',
        campaign_id: world.campaign.id,
      }),
      422,
      'validation_failed',
      'creator_id',
    );
    expect((await getCode(code!.code))!.assigned_creator_id).toBeNull();
  });
});

describe('PUT /codes/{code}', () => {
  it("pays commission_cents per new use into the code's earnings, the creator's spend and the campaign's spent", async () => {
    const { world, code, creatorId } = await assignedCode(40);
    const before = await spendOf(world.campaign.id, creatorId);
    const first = await reportUses(code.code, 3);
    expect(first).toMatchObject({ total_uses: 3, earnings_cents: 120 });
    expect(first.last_reported_at).not.toBeNull();
    const again = await reportUses(code.code, 3);
    expect(again).toMatchObject({ total_uses: 3, earnings_cents: 120 });
    const third = await reportUses(code.code, 10);
    expect(third.earnings_cents).toBe(400);
    const after = await spendOf(world.campaign.id, creatorId);
    expect(after.campaign - before.campaign).toBe(400);
    expect(after.creator - before.creator).toBe(400);
  });

  it('answers 422 usage_decrease naming the code for a lower total, and changes nothing', async () => {
    const { world, code, creatorId } = await assignedCode(40);
    await reportUses(code.code, 5);
    const before = await spendOf(world.campaign.id, creatorId);
    const stored = await getCode(code.code);
    const res = await putUses(code.code, { total_uses: 4 });
    expectError(res, 422, 'usage_decrease', 'total_uses');
    expect(res.json.message).toContain(code.code);
    expect(await getCode(code.code)).toEqual(stored);
    expect(await spendOf(world.campaign.id, creatorId)).toEqual(before);
  });

  it('pays nothing for an unassigned code; 404 for an unknown code or one of another brand; 422 for a bad total', async () => {
    const [code] = await addCodes((await newGroup()).id, [newCode()]);
    const updated = await reportUses(code!.code, 7);
    expect(updated).toMatchObject({ total_uses: 7, earnings_cents: 0 });
    expectError(
      await ctx.request('PUT', '/2026-07/codes/NOPE-NOT-HERE', {
        key: brand.key.key,
        body: { total_uses: 1 },
      }),
      404,
      'not_found',
    );
    const other = await ctx.ops.brandWithKey();
    expectError(await putUses(code!.code, { total_uses: 9 }, other.key.key), 404, 'not_found');
    for (const total_uses of [-1, 1.5, '3', 1_000_000_001]) {
      expectError(
        await putUses(code!.code, { total_uses }),
        422,
        'validation_failed',
        'total_uses',
      );
    }
    expectError(await putUses(code!.code, {}), 422, 'validation_failed', 'total_uses');
  });

  it('writes a code.updated live event for the brand, with the campaign the code is assigned to', async () => {
    const { world, code } = await assignedCode();
    await reportUses(code.code, 2);
    const rows = await queryRows<{ brand_id: string; campaign_id: string | null }>(
      ctx.db,
      sql`select brand_id, campaign_id from events where type = 'code.updated' and resource_id = ${code.code}`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.brand_id === brand.brand.id)).toBe(true);
    expect(rows.at(-1)!.campaign_id).toBe(world.campaign.id);
  });
});

describe('PUT /codes (JSON)', () => {
  it('applies every total at once and counts the codes that grew', async () => {
    const { world, group, code, creatorId } = await assignedCode(25);
    const [spare] = await addCodes(group.id, [newCode('S')]);
    const before = await spendOf(world.campaign.id, creatorId);
    const res = await ctx.request('PUT', '/2026-07/codes', {
      key: brand.key.key,
      body: {
        usage: [
          { code: spare!.code, total_uses: 0 },
          { code: code.code, total_uses: 4 },
        ],
      },
    });
    const result = UsageReportResult.parse(expectStatus(res, 200));
    expect(result.updated).toBe(1);
    expect(result.data.map((c) => [c.code, c.total_uses, c.earnings_cents])).toEqual([
      [spare!.code, 0, 0],
      [code.code, 4, 100],
    ]);
    const after = await spendOf(world.campaign.id, creatorId);
    expect(after.campaign - before.campaign).toBe(100);
    expect(after.creator - before.creator).toBe(100);
  });

  it('changes nothing when any entry is bad, and names every bad entry', async () => {
    const { world, group, code, creatorId } = await assignedCode(25);
    const [spare] = await addCodes(group.id, [newCode('S')]);
    await reportUses(spare!.code, 9);
    const before = await spendOf(world.campaign.id, creatorId);
    const put = (usage: unknown) =>
      ctx.request('PUT', '/2026-07/codes', { key: brand.key.key, body: { usage } });

    const decrease = await put([
      { code: code.code, total_uses: 50 },
      { code: spare!.code, total_uses: 8 },
    ]);
    expectError(decrease, 422, 'usage_decrease', 'usage[1].total_uses');
    expect(decrease.json.message).toContain(spare!.code);

    const unknown = await put([
      { code: code.code, total_uses: 50 },
      { code: 'NOPE-NOT-HERE', total_uses: 1 },
      { code: spare!.code, total_uses: 1 },
    ]);
    expectError(unknown, 422, 'validation_failed', 'usage[1].code');
    expect(unknown.json.message).toContain('usage[2].total_uses');
    // Each bad row is named in `issues`, so a client places it without reading the message.
    expect(unknown.json.issues).toEqual([
      { field: 'usage[1].code', message: 'no code "NOPE-NOT-HERE" exists' },
      {
        field: 'usage[2].total_uses',
        message: `code "${spare!.code}" already has 9 uses reported; reported usage never decreases (got 1)`,
      },
    ]);

    expectError(
      await put([
        { code: code.code, total_uses: 1 },
        { code: code.code, total_uses: 2 },
      ]),
      422,
      'validation_failed',
      'usage[1].code',
    );
    expectError(await put([]), 422, 'validation_failed', 'usage');
    expectError(
      await put(Array.from({ length: 5001 }, (_, i) => ({ code: `C${i}`, total_uses: 1 }))),
      422,
      'validation_failed',
      'usage',
    );
    expectError(
      await put([{ code: code.code, total_uses: -1 }]),
      422,
      'validation_failed',
      'usage[0].total_uses',
    );
    const other = await ctx.ops.brandWithKey();
    expectError(
      await ctx.request('PUT', '/2026-07/codes', {
        key: other.key.key,
        body: { usage: [{ code: code.code, total_uses: 99 }] },
      }),
      422,
      'validation_failed',
      'usage[0].code',
    );
    expectError(
      await ctx.request('PUT', '/2026-07/codes', { key: brand.key.key }),
      422,
      'validation_failed',
      'body',
    );

    expect((await getCode(code.code))!.total_uses).toBe(0);
    expect((await getCode(spare!.code))!.total_uses).toBe(9);
    expect(await spendOf(world.campaign.id, creatorId)).toEqual(before);
  });
});

describe('PUT /codes (text/csv)', () => {
  it('accepts a BOM, CRLF, quoted fields, blank lines, columns in any order and extra columns', async () => {
    const { group, code } = await assignedCode(10);
    const [b, c] = await addCodes(group.id, [newCode('B'), newCode('C')]);
    const csv = `\uFEFFnote,TOTAL_USES,Code\r\n"first, with comma",3,${code.code}\r\n\r\n  ,"12","${b!.code}"\r\n"multi\r\nline",0,${c!.code}\r\n`;
    const result = UsageReportResult.parse(
      expectStatus(await putCsv(csv, brand.key.key, 'text/csv; charset=utf-8'), 200),
    );
    expect(result.updated).toBe(2);
    expect(result.data.map((d) => [d.code, d.total_uses])).toEqual([
      [code.code, 3],
      [b!.code, 12],
      [c!.code, 0],
    ]);
    expect(result.data[0]!.earnings_cents).toBe(30);
  });

  it('reports every bad row with its line number and changes nothing', async () => {
    const { group, code } = await assignedCode(10);
    const [b] = await addCodes(group.id, [newCode('B')]);
    const csv = [
      'code,total_uses',
      `${code.code},5`,
      `${b!.code},-2`,
      '',
      'bad code,1',
      `${code.code},6`,
      `${b!.code},1,2`,
      `${b!.code},"1,234"`,
      `${b!.code},`,
    ].join('\n');
    const res = await putCsv(csv);
    expectError(res, 422, 'validation_failed', 'line 3');
    for (const line of [3, 5, 6, 7, 9]) expect(res.json.message).toContain(`line ${line}: `);
    expect(res.json.message).toContain('first on line 2');
    expect(res.json.message).not.toContain('line 2:');
    expect((await getCode(code.code))!.total_uses).toBe(0);
  });

  it('names the line of an unknown code and of a decrease', async () => {
    const { group, code } = await assignedCode(10);
    const [b] = await addCodes(group.id, [newCode('B')]);
    await reportUses(b!.code, 4);
    const decrease = await putCsv(`code,total_uses\n${code.code},1\n${b!.code},3\n`);
    expectError(decrease, 422, 'usage_decrease', 'line 3');
    expect(decrease.json.message).toContain(b!.code);
    const unknown = await putCsv(`code,total_uses\n${code.code},1\nNOPE-NOT-HERE,3\n`);
    expectError(unknown, 422, 'validation_failed', 'line 3');
    expect((await getCode(code.code))!.total_uses).toBe(0);
  });

  it('applies a report of 5,000 rows in one go, paying every assigned code', async () => {
    const { world, group, code, creatorId } = await assignedCode(3);
    const names = Array.from(
      { length: 4999 },
      (_, i) => `MAX-${group.id.slice(0, 8).toUpperCase()}-${i}`,
    );
    for (let i = 0; i < names.length; i += 1000) await addCodes(group.id, names.slice(i, i + 1000));
    const before = await spendOf(world.campaign.id, creatorId);
    const csv = ['code,total_uses', `${code.code},9`, ...names.map((n, i) => `${n},${i % 4}`)].join(
      '\r\n',
    );
    const result = UsageReportResult.parse(expectStatus(await putCsv(csv), 200));
    expect(result.data).toHaveLength(5000);
    expect(result.updated).toBe(1 + names.filter((_, i) => i % 4 > 0).length);
    expect(result.data[0]).toMatchObject({ code: code.code, total_uses: 9, earnings_cents: 27 });
    const after = await spendOf(world.campaign.id, creatorId);
    expect(after.campaign - before.campaign).toBe(27);
    expect(after.creator - before.creator).toBe(27);
  });

  it('requires the header, at least one row and at most 5,000 rows; other content types get 415', async () => {
    expectError(await putCsv(''), 422, 'validation_failed', 'line 1');
    expectError(await putCsv('code;total_uses\nA;1\n'), 422, 'validation_failed', 'line 1');
    expectError(await putCsv('A,1\n'), 422, 'validation_failed', 'line 1');
    expectError(await putCsv('code,total_uses\r\n\r\n'), 422, 'validation_failed', 'line 1');
    const rows = Array.from({ length: 5001 }, (_, i) => `C${i},1`);
    const tooMany = await putCsv(['code,total_uses', ...rows].join('\n'));
    expectError(tooMany, 422, 'validation_failed', 'line 5002');
    expectError(
      await putCsv('code,total_uses\nA,1\n', brand.key.key, 'text/plain'),
      415,
      'unsupported_media_type',
    );
  });

  it('is documented as application/json or text/csv', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    const put = doc.paths['/codes'].put;
    expect(Object.keys(put.requestBody.content).sort()).toEqual(['application/json', 'text/csv']);
    expect(put.requestBody.required).toBe(true);
    expect(put.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UsageReport',
    });
    expect(put.security).toEqual([{ bearerAuth: ['codes:write'] }]);
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['200', '409', '415', '422']),
    );
  });
});

describe('DELETE /codes/{code}', () => {
  it('deletes an unassigned code; an assigned one answers 409 code_assigned; unknown 404', async () => {
    const { group, code } = await assignedCode();
    const [spare] = await addCodes(group.id, [newCode('D')]);
    expect(
      expectStatus(
        await ctx.request('DELETE', `/2026-07/codes/${spare!.code}`, { key: brand.key.key }),
        200,
      ),
    ).toEqual({ code: spare!.code, deleted: true });
    expect(await getCode(spare!.code)).toBeUndefined();
    expect(await codesCount(group.id)).toBe(1);
    expectError(
      await ctx.request('DELETE', `/2026-07/codes/${spare!.code}`, { key: brand.key.key }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('DELETE', `/2026-07/codes/${code.code}`, { key: brand.key.key }),
      409,
      'code_assigned',
      'code',
    );
    expect(await getCode(code.code)).toBeDefined();
    const other = await ctx.ops.brandWithKey();
    const [theirs] = await addCodes(
      (await newGroup(other.brand.id)).id,
      [newCode('O')],
      other.key.key,
    );
    expectError(
      await ctx.request('DELETE', `/2026-07/codes/${theirs!.code}`, { key: brand.key.key }),
      404,
      'not_found',
    );
  });
});
