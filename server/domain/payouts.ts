import { eq, sql } from 'drizzle-orm';
import type { OpsPayout, OpsPayoutCreate } from '#contract/ops';
import type { Tx } from '../db/client.ts';
import { campaigns, earnings, payouts } from '../db/schema.ts';
import { invalidTransition, validationFailed } from '../errors.ts';
import { getCampaignRow } from './campaigns.ts';
import { bumpTotals, findCreator, lockParticipation } from './creators.ts';
import { isoTimestamp } from './sql.ts';
import { ALL_BRANDS } from './brand-scope.ts';

/**
 * POST /ops/payouts: pays an approved creator of a campaign. The payout, the creator's spend_cents
 * and the campaign's spent_cents move in one transaction, with the payout's row of the ledger of
 * earnings (docs/decisions/0161).
 */
export async function createPayout(tx: Tx, body: OpsPayoutCreate): Promise<OpsPayout> {
  const campaign = await getCampaignRow(tx, body.campaign_id, ALL_BRANDS);
  if (!(await findCreator(tx, body.creator_id)))
    throw validationFailed('creator_id', `unknown creator ${body.creator_id}`);
  const participation = await lockParticipation(tx, body.campaign_id, body.creator_id);
  if (participation?.status !== 'approved') {
    throw invalidTransition(
      'creator_id',
      `the creator is ${participation ? participation.status : 'not a participant'} on this campaign; only approved creators are paid`,
    );
  }
  const [row] = await tx
    .insert(payouts)
    .values({
      campaignId: body.campaign_id,
      creatorId: body.creator_id,
      amountCents: body.amount_cents,
    })
    .returning({
      id: payouts.id,
      campaignId: payouts.campaignId,
      creatorId: payouts.creatorId,
      amountCents: payouts.amountCents,
      createdAt: isoTimestamp(payouts.createdAt),
    });
  if (!row) throw new Error('insert into payouts returned no row');
  await tx.insert(earnings).values({
    brandId: campaign.brandId,
    campaignId: row.campaignId,
    creatorId: row.creatorId,
    source: 'payout',
    payoutId: row.id,
    cents: Number(row.amountCents),
  });
  await bumpTotals(tx, body.campaign_id, body.creator_id, { spendCents: body.amount_cents });
  await tx
    .update(campaigns)
    .set({ spentCents: sql`${campaigns.spentCents} + ${body.amount_cents}`, updatedAt: sql`now()` })
    .where(eq(campaigns.id, body.campaign_id));
  return {
    id: row.id,
    campaign_id: row.campaignId,
    creator_id: row.creatorId,
    amount_cents: Number(row.amountCents),
    created_at: row.createdAt,
  };
}
