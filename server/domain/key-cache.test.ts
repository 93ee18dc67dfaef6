import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, agencyBrands } from '../db/schema.ts';
import { fileContext } from '../test/harness.ts';
import { API_KEY_TTL_MS, ApiKeyCache, KEY_REVOKED_CHANNEL } from './key-cache.ts';

// Revocation with the key cache, on the instance that revokes, on other apps of the same database
// handle, on another instance told by LISTEN/NOTIFY, and on one that missed the notification.

const ctx = await fileContext();

const me = (key: string, app = ctx.app) => ctx.requestTo(app, 'GET', '/2026-07/me', { key });

describe('API key cache', () => {
  it('a brand key revoked through /ops answers 401 at once, though its answer was kept', async () => {
    const { key } = await ctx.ops.brandWithKey();
    expect((await me(key.key)).status).toBe(200);
    expect((await me(key.key)).status).toBe(200);
    await ctx.ops.revokeKey(key.id);
    expect((await me(key.key)).status).toBe(401);
  });

  it('another app on the same database handle answers 401 at once too', async () => {
    const other = ctx.makeApp();
    const { key } = await ctx.ops.brandWithKey();
    expect((await me(key.key, other)).status).toBe(200);
    await ctx.ops.revokeKey(key.id);
    expect((await me(key.key, other)).status).toBe(401);
  });

  it('another instance forgets the key when the revocation is notified (LISTEN)', async () => {
    const cache = new ApiKeyCache({ ttlMs: 60_000 });
    await ctx.database.listen(
      KEY_REVOKED_CHANNEL,
      (id) => cache.forget(id),
      () => cache.clear(),
    );
    const other = ctx.makeApp({ apiKeyCache: cache });
    const { key } = await ctx.ops.brandWithKey();
    expect((await me(key.key, other)).status).toBe(200);
    await ctx.ops.revokeKey(key.id);
    // PGlite notifies within the revoking statement; PostgreSQL a moment after the commit.
    await expect.poll(async () => (await me(key.key, other)).status, { timeout: 2_000 }).toBe(401);
  });

  it('an instance that missed the notification stops accepting the key after the TTL', async () => {
    let now = 0;
    const cache = new ApiKeyCache({ now: () => now });
    const other = ctx.makeApp({ apiKeyCache: cache });
    const { key } = await ctx.ops.brandWithKey();
    expect((await me(key.key, other)).status).toBe(200);
    // Revoked behind the service's back: no notification, nothing forgotten.
    await ctx.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    now += API_KEY_TTL_MS - 1;
    expect((await me(key.key, other)).status).toBe(200);
    now += 1;
    expect((await me(key.key, other)).status).toBe(401);
  });

  it('keeps no agency key: a brand added to its agency applies at the next request', async () => {
    const agency = await ctx.ops.agencyWithKey(1);
    expect((await me(agency.key.key)).json.brands).toHaveLength(1);
    const brand = await ctx.ops.createBrand();
    await ctx.db.insert(agencyBrands).values({ agencyId: agency.agency.id, brandId: brand.id });
    expect((await me(agency.key.key)).json.brands).toHaveLength(2);
  });

  it('keeps no unknown key: a key answers 200 as soon as it exists', async () => {
    const cache = new ApiKeyCache();
    const lookups: string[] = [];
    const unknown = await cache.resolve('hash', async () => (lookups.push('hash'), null));
    expect(unknown).toBeNull();
    await cache.resolve('hash', async () => (lookups.push('hash'), null));
    expect(lookups).toHaveLength(2);
  });

  it('does not keep an answer read while the key was being revoked', async () => {
    const cache = new ApiKeyCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const auth = {
      keyId: 'k1',
      kind: 'brand' as const,
      prefix: 'cck_',
      scopes: [],
      brandIds: ['b'],
      agencyId: null,
      member: null,
    };
    const pending = cache.resolve('hash', async () => (await gate, auth));
    cache.forget('k1');
    release();
    expect(await pending).toBe(auth);
    let looked = false;
    await cache.resolve('hash', async () => ((looked = true), null));
    expect(looked).toBe(true);
  });
});
