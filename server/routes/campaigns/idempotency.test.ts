import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { queryRows } from '../../db/client.ts';
import { campaignBody, expectError, expectStatus, task } from '../../test/campaigns.ts';
import { fileContext } from '../../test/harness.ts';

// Idempotency-Key of POST /campaigns. The concurrency test runs on PGlite (one query at a time)
// and, with TEST_DATABASE_URL, on real PostgreSQL where the requests truly overlap.

const ctx = await fileContext();

const post = (key: string, idempotencyKey: string | undefined, body: unknown, app = ctx.app) =>
  ctx.requestTo(app, 'POST', '/2026-07/campaigns', {
    key,
    body,
    ...(idempotencyKey !== undefined ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });

async function campaignsOf(brandId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from campaigns where brand_id = ${brandId}`,
  );
  return row!.n;
}

const newKey = () => `idem-${crypto.randomUUID()}`;

describe('POST /campaigns with Idempotency-Key', () => {
  it('answers a repeat with the original status and body, and Idempotent-Replay: true', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const body = campaignBody({ tasks: [task()], links: [{ url: 'https://example.com' }] });
    const idem = newKey();
    const first = await post(key.key, idem, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replay')).toBe('false');
    Campaign.parse(first.json);
    const again = await post(key.key, idem, body);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replay')).toBe('true');
    expect(again.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(again.text).toBe(first.text);
    expect(await campaignsOf(brand.id)).toBe(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const idem = newKey();
    const first = await post(key.key, idem, {
      name: 'Same',
      description: 'd',
      settings: { completion_mode: 'pick_one', post_approval_mode: 'strict' },
    });
    const again = await post(key.key, idem, {
      settings: { post_approval_mode: 'strict', completion_mode: 'pick_one' },
      description: 'd',
      name: 'Same',
    });
    expect(again.headers.get('Idempotent-Replay')).toBe('true');
    expect(again.json.id).toBe(first.json.id);
    expect(await campaignsOf(brand.id)).toBe(1);
  });

  it('answers 409 idempotency_conflict when the key is reused with another body', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const idem = newKey();
    expectStatus(await post(key.key, idem, campaignBody({ name: 'One' })), 201);
    const res = await post(key.key, idem, campaignBody({ name: 'Two' }));
    expectError(res, 409, 'idempotency_conflict', 'Idempotency-Key');
    expect(await campaignsOf(brand.id)).toBe(1);
  });

  it('scopes keys to the API key: another key with the same Idempotency-Key creates its own campaign', async () => {
    const a = await ctx.ops.brandWithKey();
    const b = await ctx.ops.brandWithKey();
    const idem = newKey();
    const body = campaignBody();
    const first = expectStatus(await post(a.key.key, idem, body), 201);
    const other = await post(b.key.key, idem, body);
    expect(other.status).toBe(201);
    expect(other.headers.get('Idempotent-Replay')).toBe('false');
    expect(other.json.id).not.toBe(first.id);
    expect(other.json.brand_id).toBe(b.brand.id);
    // A second key of the same brand is another API key too.
    const sameBrand = await ctx.ops.createKey({ kind: 'brand', brand_id: a.brand.id });
    expect((await post(sameBrand.key, idem, body)).headers.get('Idempotent-Replay')).toBe('false');
    expect(await campaignsOf(a.brand.id)).toBe(2);
  });

  it('stores nothing for a refused create, so a corrected retry with the same key creates the campaign', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const idem = newKey();
    // Refused by the schema, then by a rule of the service, then by tenancy.
    expectError(
      await post(key.key, idem, { name: 'x', tasks: [task({ platforms: [] })] }),
      422,
      'validation_failed',
    );
    expectError(
      await post(key.key, idem, campaignBody({ tasks: [task({ is_required: false })] })),
      422,
      'validation_failed',
    );
    const other = await ctx.ops.createBrand();
    expectError(
      await post(key.key, idem, campaignBody({ brand_id: other.id })),
      403,
      'brand_not_managed',
    );
    const ok = await post(key.key, idem, campaignBody({ tasks: [task()] }));
    expect(ok.status).toBe(201);
    expect(ok.headers.get('Idempotent-Replay')).toBe('false');
    expect(await campaignsOf(brand.id)).toBe(1);
  });

  it('accepts a key of 255 characters and answers 400 invalid_request for 256', async () => {
    const { key } = await ctx.ops.brandWithKey();
    expect((await post(key.key, 'k'.repeat(255), campaignBody())).status).toBe(201);
    expectError(
      await post(key.key, 'k'.repeat(256), campaignBody()),
      400,
      'invalid_request',
      'Idempotency-Key',
    );
  });

  it('answers 400 invalid_request for an empty key', async () => {
    const { key } = await ctx.ops.brandWithKey();
    expectError(await post(key.key, '', campaignBody()), 400, 'invalid_request', 'Idempotency-Key');
  });

  it('forgets a key after 24 hours: the same key then creates a new campaign', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const idem = newKey();
    const body = campaignBody();
    const start = Date.now();
    const at = (ms: number) => ctx.makeApp({ now: () => new Date(start + ms) });
    const first = expectStatus(await post(key.key, idem, body, at(0)), 201);
    const within = await post(key.key, idem, body, at(24 * 3600_000 - 60_000));
    expect(within.headers.get('Idempotent-Replay')).toBe('true');
    // Another body within the window is still a conflict; after the window, a new request.
    expectError(
      await post(key.key, idem, campaignBody(), at(24 * 3600_000 - 60_000)),
      409,
      'idempotency_conflict',
    );
    const after = await post(key.key, idem, body, at(24 * 3600_000 + 60_000));
    expect(after.status).toBe(201);
    expect(after.headers.get('Idempotent-Replay')).toBe('false');
    expect(after.json.id).not.toBe(first.id);
    expect(await campaignsOf(brand.id)).toBe(2);
  });

  it('answers without Idempotent-Replay when no key is sent, and creates each time', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const body = campaignBody();
    const a = await post(key.key, undefined, body);
    const b = await post(key.key, undefined, body);
    expect(a.headers.get('Idempotent-Replay')).toBeNull();
    expect(b.json.id).not.toBe(a.json.id);
    expect(await campaignsOf(brand.id)).toBe(2);
  });

  it('makes exactly one campaign of 50 concurrent requests with one key', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const idem = newKey();
    const body = campaignBody({ tasks: [task(), task()] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(key.key, idem, body)));
    const created = answers.filter((r) => r.status === 201);
    const busy = answers.filter((r) => r.status === 409);
    expect(created.length + busy.length).toBe(50);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(r.json.code).toBe('idempotency_in_progress');
      expect(r.headers.get('Retry-After')).toBe('1');
    }
    expect(new Set(created.map((r) => r.json.id)).size).toBe(1);
    expect(created.filter((r) => r.headers.get('Idempotent-Replay') === 'false')).toHaveLength(1);
    expect(await campaignsOf(brand.id)).toBe(1);
    const [tasks] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from tasks where campaign_id = ${created[0]!.json.id}`,
    );
    expect(tasks!.n).toBe(2);
    // Once the first has finished, a retry replays it.
    const retry = await post(key.key, idem, body);
    expect(retry.headers.get('Idempotent-Replay')).toBe('true');
    expect(retry.json.id).toBe(created[0]!.json.id);
  });

  it('writes the campaign in an audited transaction like any create (decision 0071)', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const res = await post(key.key, newKey(), campaignBody({ tasks: [task()] }));
    const campaign = Campaign.parse(expectStatus(res, 201));
    const entries = await queryRows<{ action: string; actor_type: string }>(
      ctx.db,
      sql`select action, actor_type from audit_events where target_id = ${campaign.id}`,
    );
    expect(entries).toContainEqual({ action: 'campaign.created', actor_type: 'key' });
  });
});
