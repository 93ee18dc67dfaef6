import { describe, expect, it } from 'vitest';
import { activeWorld, submit } from '../test/activity.ts';
import { createCampaign, expectError, expectStatus } from '../test/campaigns.ts';
import { brandWorld } from '../test/harness.ts';
import { memberWithSession } from '../test/people.ts';
import { addCodes, newCode, newGroup } from '../test/usage.ts';

// A page cursor is bound to the brands its caller acts for (api.md, Lists): presented by a
// credential acting for another set of brands (another brand's key, an agency's key with other
// brands), it answers 400 invalid_request naming starting_after, like a cursor of another list.

const { ctx, brand: a } = await brandWorld();
const b = await ctx.ops.brandWithKey();
// An agency acting for brand A and one more: it sees A's campaigns, but its brand set differs.
const agency = await ctx.ops.createAgency([a.brand.id, (await ctx.ops.createBrand()).id]);
const agencyKey = (await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id })).key;
// A second key of brand A: the same brands, so A's cursors go on working with it.
const aAgain = (await ctx.ops.createKey({ kind: 'brand', brand_id: a.brand.id })).key;

/** The next_cursor of the first page (limit 1) of `path` as `key` sees it. */
async function cursorOf(path: string, key: string): Promise<string> {
  const sep = path.includes('?') ? '&' : '?';
  const page = expectStatus(await ctx.request('GET', `${path}${sep}limit=1`, { key }), 200);
  expect(page.has_more, path).toBe(true);
  return page.next_cursor as string;
}

const withCursor = (path: string, key: string, cursor: string) => {
  const sep = path.includes('?') ? '&' : '?';
  return ctx.request('GET', `${path}${sep}limit=1&starting_after=${cursor}`, { key });
};

/** A's cursor of `path` works for A's keys and answers 400 for each of `others`. */
async function boundToBrands(path: string, others: string[]) {
  const cursor = await cursorOf(path, a.key.key);
  expectStatus(await withCursor(path, a.key.key, cursor), 200);
  expectStatus(await withCursor(path, aAgain, cursor), 200);
  for (const key of others) {
    expectError(await withCursor(path, key, cursor), 400, 'invalid_request', 'starting_after');
  }
}

describe("a cursor made for one brand's credential", () => {
  it('is refused on the campaigns list by another brand and by an agency with other brands', async () => {
    await createCampaign(ctx, a.key.key);
    await createCampaign(ctx, a.key.key);
    await boundToBrands('/2026-07/campaigns', [b.key.key, agencyKey]);
  });

  it("is refused on a campaign's submissions by an agency that sees the campaign", async () => {
    const world = await activeWorld(ctx, a.key.key, 2);
    for (const creator of world.creators)
      await submit(ctx, world.campaign.id, creator.id, world.taskId);
    const path = `/2026-07/campaigns/${world.campaign.id}/submissions`;
    // The agency may read this campaign: only its cursor is refused.
    expectStatus(await ctx.request('GET', path, { key: agencyKey }), 200);
    await boundToBrands(path, [agencyKey]);
  });

  it('is refused on the codes list', async () => {
    const group = await newGroup(ctx, a.brand.id);
    await addCodes(ctx, a.key.key, group.id, [newCode(), newCode()]);
    await boundToBrands('/2026-07/codes', [b.key.key, agencyKey]);
  });

  it('is refused on the audit events', async () => {
    await createCampaign(ctx, a.key.key);
    await boundToBrands('/2026-07/audit-events', [b.key.key, agencyKey]);
  });

  it('is refused on the members list', async () => {
    await memberWithSession(ctx, { brand_id: a.brand.id }, 'admin');
    await memberWithSession(ctx, { brand_id: a.brand.id }, 'reviewer');
    await memberWithSession(ctx, { brand_id: b.brand.id }, 'admin');
    await boundToBrands('/2026-07/members', [b.key.key, agencyKey]);
  });
});
