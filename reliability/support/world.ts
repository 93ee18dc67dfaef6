import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Scope } from '#contract/me';
import type { Db } from '../../server/db/client.ts';
import { activeWorld, apply, newCreator, post, submit } from '../../server/test/activity.ts';
import { campaignIn, expectStatus, ops } from '../../server/test/campaigns.ts';
import type { BrandWithKey, TestContext, TestResponse } from '../../server/test/harness.ts';
import { memberWithSession, opsInvite } from '../../server/test/people.ts';
import type { OpenApiDocument } from './openapi.ts';

export const ALL_SCOPES: readonly Scope[] = [
  'campaigns:read',
  'campaigns:write',
  'submissions:write',
  'creators:write',
  'codes:read',
  'codes:write',
  'members:write',
  'keys:write',
];

/** One brand's resources, one of each kind the path parameters of /2026-07 name. */
export interface BrandWorld extends BrandWithKey {
  /** Path parameter name -> the id of this brand's resource of that kind. */
  params: Record<string, string>;
  /** Strings only this brand's data holds: none may appear in an answer to another tenant. */
  markers: string[];
}

const marker = (what: string) => `zq${what}${randomBytes(5).toString('hex')}`;

/**
 * A brand with a key (all scopes) and an active campaign that has a task, an approved creator
 * with an approved and posted submission and one waiting in review, and a creator who applied.
 * When the OpenAPI document has the discount-code routes (docs/api.md#discount-codes), a code group and
 * a code of the brand too.
 */
export async function brandWorld(ctx: TestContext, doc: OpenApiDocument): Promise<BrandWorld> {
  const tag = marker('brand');
  const brand = await ctx.ops.createBrand(`Brand ${tag}`);
  const key = await ctx.ops.createKey({ kind: 'brand', brand_id: brand.id });
  const campaignName = marker('campaign');
  const { campaign, creators, taskId } = await activeWorld(ctx, key.key, 1, {
    name: campaignName,
    description: `Description ${marker('desc')}`,
    settings: { creator_approval_required: true },
  });
  const creator = creators[0]!;
  const posted = await submit(ctx, campaign.id, creator.id, taskId);
  expectStatus(
    await ctx.request(
      'POST',
      `/2026-07/campaigns/${campaign.id}/submissions/${posted.id}/approve`,
      { key: key.key },
    ),
    200,
  );
  const livePost = await post(ctx, posted.id);
  const waiting = await submit(ctx, campaign.id, creator.id, taskId);
  const applicant = await newCreator(ctx);
  await apply(ctx, campaign.id, applicant.id);

  const params: Record<string, string> = {
    campaign_id: campaign.id,
    task_id: taskId,
    submission_id: waiting.id,
    post_id: livePost.id,
    creator_id: applicant.id,
  };
  const properties = expectStatus(
    await ctx.request('GET', '/2026-07/targeting/properties', { key: key.key }),
    200,
  ) as {
    data: { id: string; kind: string }[];
  };
  const option = properties.data.find((p) => p.kind === 'option');
  if (!option) throw new Error('no option targeting property to read the values of');
  // Targeting properties are the platform's, shared by every brand: not a marker.
  params.property_id = option.id;
  const markers = [
    tag,
    brand.id,
    campaignName,
    campaign.id,
    taskId,
    posted.id,
    waiting.id,
    livePost.id,
    creator.id,
    creator.username,
    applicant.id,
    applicant.username,
    livePost.url,
  ];
  if (campaign.invite_code) markers.push(campaign.invite_code);

  const paths = Object.keys(doc.paths);
  if (paths.some((p) => p.startsWith('/codes') || p.startsWith('/code-groups'))) {
    const group = expectStatus(
      await ops(ctx, 'POST', '/ops/code-groups', {
        brand_id: brand.id,
        name: `Group ${marker('group')}`,
        user_description: '10% off',
        commission_cents: 100,
      }),
      201,
    ) as { id: string; name: string };
    const code = marker('CODE').toUpperCase();
    expectStatus(
      await ctx.request('POST', '/2026-07/codes', {
        key: key.key,
        body: { group_id: group.id, codes: [code] },
      }),
      201,
    );
    params.group_id = group.id;
    params.code = code;
    markers.push(group.id, group.name, code);
  }
  if (paths.includes('/members/{member_id}')) {
    // A member (docs/api.md#people), made the way real ones are: an ops invitation, accepted.
    const member = await memberWithSession(
      ctx,
      { brand_id: brand.id },
      'reviewer',
      `Member ${marker('member')}`,
    );
    params.member_id = member.id;
    markers.push(member.id, member.email, member.session.member.name);
  }
  if (paths.includes('/members/invitations/{invitation_id}')) {
    // A pending invitation of the brand (docs/api.md#invitations).
    const invitation = await opsInvite(ctx, { brand_id: brand.id }, 'viewer');
    params.invitation_id = invitation.id;
    markers.push(invitation.id, invitation.email);
  }
  if (paths.includes('/keys/{key_id}/revoke')) {
    const other = await ctx.ops.createKey({ kind: 'brand', brand_id: brand.id });
    params.key_id = other.id;
    markers.push(other.id);
  }
  return { brand, key, params, markers };
}

/** A draft campaign of the brand (for operations only a draft allows). */
export const draftOf = (ctx: TestContext, key: string) => campaignIn(ctx, key, 'draft');

/** The markers of `world` found in `text`, leaving out those the request itself carried. */
export function leakedMarkers(world: BrandWorld, text: string, sent: string): string[] {
  return world.markers.filter(
    (m) => !sent.includes(m) && !sent.includes(encodeURIComponent(m)) && text.includes(m),
  );
}

/** Fails unless `res` is the interface's error body with status `status` (and `code` when given). */
export function expectErrorBody(
  res: TestResponse,
  status: number | number[],
  code?: string,
  context = '',
): void {
  const statuses = Array.isArray(status) ? status : [status];
  const where = `${context} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(statuses, where).toContain(res.status);
  expect(res.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  expect(res.json, where).toBeTypeOf('object');
  expect(res.json.error, where).toBe(res.status);
  expect(res.json.message, where).toBeTypeOf('string');
  expect(res.json.message.length, where).toBeGreaterThan(0);
  if (res.json.code !== undefined) expect(res.json.code, where).toBeTypeOf('string');
  if (code !== undefined) expect(res.json.code, where).toBe(code);
  // Exactly the documented keys (the contract's ErrorBody, decisions 0034 and 0110): `code` when
  // the service names one, `issues` with any refusal that names a field (and then a code), never
  // anything else.
  const expected = ['error', 'message'];
  if (res.json.code !== undefined) expected.push('code');
  if (res.json.issues !== undefined) {
    expect(res.json.code, where).toBeTypeOf('string');
    expected.push('issues');
    const issues = res.json.issues as { field: unknown; message: unknown }[];
    expect(Array.isArray(issues) && issues.length > 0, where).toBe(true);
    for (const issue of issues) {
      expect(Object.keys(issue).sort(), where).toEqual(['field', 'message']);
      expect(issue.field, where).toBeTypeOf('string');
      expect(issue.message, where).toBeTypeOf('string');
    }
    // The message says the same in prose, naming the first issue's field first.
    expect(res.json.message.startsWith(String(issues[0]!.field)), where).toBe(true);
  }
  expect(Object.keys(res.json).sort(), where).toEqual(expected.sort());
}

/**
 * A digest of every row of every table of the service's schema: equal digests before and after
 * a refused request prove it wrote nothing (no half-done write, no event, no idempotency row).
 */
export async function databaseDigest(db: Db): Promise<string> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) throw new Error('no tables found for the digest');
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::text as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as h from "${name}" t`,
  );
  const result = await rows<{ name: string; n: string; h: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  return result
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => `${r.name}:${r.n}:${r.h}`)
    .join('\n');
}

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Which tables differ between two digests (for a readable failure). */
export function digestDiff(before: string, after: string): string[] {
  const a = new Map(before.split('\n').map((l) => [l.split(':')[0]!, l]));
  const b = new Map(after.split('\n').map((l) => [l.split(':')[0]!, l]));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}
