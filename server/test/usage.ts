import { randomBytes } from 'node:crypto';
import type { DiscountCode } from '#contract/codes';
import { CodeGroup, CodesAdded, DiscountCodePage } from '#contract/codes';
import { UsageReportPage, type UsageReportRecord } from '#contract/usage-reports';
import { activeWorld } from './activity.ts';
import { expectStatus, ops } from './campaigns.ts';
import { uniqueName, type TestContext } from './harness.ts';

// Setup for the usage-report tests (the API's record and the e-mail intake): groups, codes and
// an assigned code, all through the real routes.

export const newCode = (prefix = 'U') => `${prefix}${randomBytes(5).toString('hex')}`.toUpperCase();

export async function newGroup(
  ctx: TestContext,
  brandId: string,
  commission = 50,
): Promise<CodeGroup> {
  const res = await ops(ctx, 'POST', '/ops/code-groups', {
    brand_id: brandId,
    name: uniqueName('Group'),
    user_description: '15% off your first order',
    commission_cents: commission,
  });
  return CodeGroup.parse(expectStatus(res, 201));
}

export async function addCodes(ctx: TestContext, key: string, groupId: string, codes: string[]) {
  const res = await ctx.request('POST', '/2026-07/codes', {
    key,
    body: { group_id: groupId, codes },
  });
  return CodesAdded.parse(expectStatus(res, 201)).data;
}

/** A new group with `count` codes, the first assigned to an approved creator of an active campaign. */
export async function groupWithAssignedCode(
  ctx: TestContext,
  key: string,
  brandId: string,
  commission = 50,
  count = 2,
) {
  const world = await activeWorld(ctx, key, 1);
  const group = await newGroup(ctx, brandId, commission);
  const codes = await addCodes(
    ctx,
    key,
    group.id,
    Array.from({ length: count }, () => newCode()),
  );
  const creatorId = world.creators[0]!.id;
  expectStatus(
    await ops(ctx, 'POST', `/ops/codes/${codes[0]!.code}/assign`, {
      creator_id: creatorId,
      campaign_id: world.campaign.id,
    }),
    200,
  );
  return { world, group, codes: codes.map((c) => c.code), creatorId };
}

export async function codeNow(ctx: TestContext, key: string, code: string): Promise<DiscountCode> {
  const res = await ctx.request('GET', `/2026-07/codes?code=${encodeURIComponent(code)}`, { key });
  const found = DiscountCodePage.parse(expectStatus(res, 200)).data[0];
  if (!found) throw new Error(`code ${code} not found`);
  return found;
}

export async function usageReports(
  ctx: TestContext,
  key: string,
  query = '',
): Promise<UsageReportRecord[]> {
  const res = await ctx.request('GET', `/2026-07/usage-reports${query ? `?${query}` : ''}`, {
    key,
  });
  return UsageReportPage.parse(expectStatus(res, 200)).data;
}
