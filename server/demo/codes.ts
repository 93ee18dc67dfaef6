import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { brands, campaignCreators, campaigns, creators } from '../db/schema.ts';
import { addCodes, assignCode, createCodeGroup } from '../domain/codes.ts';
import { receiveUsageReport } from '../domain/usage-reports.ts';
import { ALL_BRANDS } from '../domain/brand-scope.ts';

// Discount codes of the demo world, made through the same domain functions as the API and /ops:
// one group per brand, a code assigned to each approved creator of the brand's active campaigns
// (with some usage already reported, so creators have earned commissions), and spare codes.

export const DEMO_SPARE_CODES = 5;
export const DEMO_COMMISSION_CENTS = 150;

/**
 * Who the demo's usage reports are from: the demo shop's checkout, reporting through the API like
 * a brand's own shop would, so they are in the record (docs/usage-reports.md).
 */
export const DEMO_SHOP_SENDER = 'Demo shop checkout (simulated)';

/** Reports usage of the demo shop for one brand, in the record; a refusal is a bug of the demo. */
export async function reportDemoUsage(
  tx: Tx,
  brandId: string,
  usage: readonly { code: string; total_uses: number }[],
) {
  const received = await receiveUsageReport(tx, {
    channel: 'api',
    format: 'json',
    sender: DEMO_SHOP_SENDER,
    scope: [brandId],
    body: { kind: 'json', usage },
  });
  if (received.duplicate) throw new Error('a demo usage report was a duplicate');
  if (received.refused) throw received.refused;
  return received.applied!;
}

const slug = (text: string, max: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);

/** Creates the demo code groups and codes; run in the seed's transaction, after the activity. */
export async function seedDemoCodes(tx: Tx, brandIds: readonly string[]): Promise<void> {
  const rows = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.id, [...brandIds]));
  for (const [bi, brand] of rows
    .sort((a, b) => brandIds.indexOf(a.id) - brandIds.indexOf(b.id))
    .entries()) {
    const prefix = slug(brand.name.split(' ')[0] ?? brand.name, 10) || `BRAND${bi + 1}`;
    const group = await createCodeGroup(tx, {
      brand_id: brand.id,
      name: `${brand.name} creator codes`,
      user_description: bi % 2 === 0 ? '15% off your first order' : 'Free shipping on any order',
      commission_cents: DEMO_COMMISSION_CENTS,
    });
    const assignees = await tx
      .select({
        campaignId: campaignCreators.campaignId,
        creatorId: campaignCreators.creatorId,
        username: creators.username,
      })
      .from(campaignCreators)
      .innerJoin(campaigns, eq(campaigns.id, campaignCreators.campaignId))
      .innerJoin(creators, eq(creators.id, campaignCreators.creatorId))
      .where(
        and(
          eq(campaigns.brandId, brand.id),
          eq(campaigns.status, 'active'),
          eq(campaignCreators.status, 'approved'),
        ),
      )
      .orderBy(asc(campaigns.createdAt), asc(campaigns.id), asc(creators.username));
    const used = new Set<string>();
    const named = assignees.map((a) => {
      let code = `${prefix}-${slug(a.username, 12)}`;
      for (let k = 2; used.has(code); k++) code = `${prefix}-${slug(a.username, 12)}${k}`;
      used.add(code);
      return { ...a, code };
    });
    const spares = Array.from({ length: DEMO_SPARE_CODES }, (_, i) => `${prefix}-SPARE${i + 1}`);
    await addCodes(tx, ALL_BRANDS, {
      group_id: group.id,
      codes: [...named.map((a) => a.code), ...spares],
    });
    for (const a of named)
      await assignCode(tx, a.code, { creator_id: a.creatorId, campaign_id: a.campaignId });
    // Every other assigned code has been used already.
    const usage = named
      .filter((_, i) => i % 2 === 0)
      .map((a, i) => ({ code: a.code, total_uses: 3 + ((i * 7 + bi * 5) % 25) }));
    if (usage.length > 0) await reportDemoUsage(tx, brand.id, usage);
  }
}
