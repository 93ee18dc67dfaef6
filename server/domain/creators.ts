import { memberActorLabel } from '../db/audit-context.ts';
import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CampaignCreator, CreatorListQuery } from '#contract/creators';
import type { OpsCreator, OpsCreatorCreate } from '#contract/ops';
import type { Db, Tx } from '../db/client.ts';
import {
  apiKeys,
  campaignCreators,
  campaigns,
  creators,
  targetingProperties,
} from '../db/schema.ts';
import { fieldsRefused, invalidTransition, notFound, validationFailed } from '../errors.ts';
import { getCampaignItem, getCampaignRow } from './campaigns.ts';
import { campaignItemList, cursorFilters, timeThenId, type ListFilter } from './paging.ts';
import { existingIds, isoTimestamp, nullableIsoTimestamp } from './sql.ts';
import {
  creatorPropertiesSql,
  targetingConditionsJoin,
  targetingFitSql,
  targetingMatchesSql,
} from './targeting-fit.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

// Creators and their participation in campaigns (campaign_creators). A participation row carries
// the running totals of the creator on that campaign: content counts by submission status, live
// posts, metrics across posts and spend. They move only through bumpTotals, in the transaction of
// the change that moves them, so they always agree with the rows they summarise.

export const newCreatorId = () =>
  `cr_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

/** POST /ops/creators: property ids must be targeting properties; usernames are unique. */
export async function createCreator(tx: Tx, body: OpsCreatorCreate): Promise<OpsCreator> {
  const properties = body.properties ?? {};
  const ids = Object.keys(properties);
  if (ids.length > 0) {
    const known = await existingIds(tx, targetingProperties.id, ids);
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined)
      throw validationFailed(`properties.${missing}`, 'unknown targeting property');
  }
  const id = newCreatorId();
  const inserted = await tx
    .insert(creators)
    .values({ id, username: body.username, properties })
    .onConflictDoNothing({ target: creators.username })
    .returning({ id: creators.id });
  if (inserted.length === 0)
    throw validationFailed('username', `${body.username} is already taken`);
  return { id, username: body.username, properties };
}

export async function findCreator(db: Db, id: string) {
  const [row] = await db
    .select({ id: creators.id, username: creators.username })
    .from(creators)
    .where(eq(creators.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------- participation rows

const participationSelection = {
  campaignId: campaignCreators.campaignId,
  creatorId: campaignCreators.creatorId,
  username: creators.username,
  status: campaignCreators.status,
  appliedAt: isoTimestamp(campaignCreators.appliedAt),
  decidedAt: nullableIsoTimestamp(campaignCreators.decidedAt),
  decidedByPrefix: apiKeys.prefix,
  decidedByLabel: campaignCreators.decidedByLabel,
  submittedCount: campaignCreators.submittedCount,
  inReviewCount: campaignCreators.inReviewCount,
  approvedCount: campaignCreators.approvedCount,
  rejectedCount: campaignCreators.rejectedCount,
  livePosts: campaignCreators.livePosts,
  views: campaignCreators.views,
  likes: campaignCreators.likes,
  comments: campaignCreators.comments,
  shares: campaignCreators.shares,
  saves: campaignCreators.saves,
  spendCents: campaignCreators.spendCents,
  properties: creatorPropertiesSql(creators.properties).mapWith(
    (v) => v as CampaignCreator['properties'],
  ),
  targetingFit: targetingFitSql(creators.properties).mapWith(
    (v) => v as CampaignCreator['targeting_fit'],
  ),
};

type ParticipationRow = Awaited<ReturnType<typeof participationQuery>>[number];

export function toCampaignCreator(row: ParticipationRow): CampaignCreator {
  return {
    creator_id: row.creatorId,
    username: row.username,
    status: row.status,
    applied_at: row.appliedAt,
    decided_at: row.decidedAt,
    content: {
      submitted: Number(row.submittedCount),
      in_review: Number(row.inReviewCount),
      approved: Number(row.approvedCount),
      rejected: Number(row.rejectedCount),
    },
    posts: Number(row.livePosts),
    metrics: {
      views: Number(row.views),
      likes: Number(row.likes),
      comments: Number(row.comments),
      shares: Number(row.shares),
      saves: Number(row.saves),
    },
    spend_cents: Number(row.spendCents),
    properties: row.properties,
    targeting_fit: row.targetingFit,
  };
}

function participationQuery(db: Db, where: SQL | undefined) {
  return (
    db
      .select(participationSelection)
      .from(campaignCreators)
      .innerJoin(creators, eq(creators.id, campaignCreators.creatorId))
      .innerJoin(campaigns, eq(campaigns.id, campaignCreators.campaignId))
      // The campaign's targeting expanded once per query, not once per creator row (targeting-fit.ts).
      .crossJoinLateral(targetingConditionsJoin(campaigns.targeting))
      .leftJoin(apiKeys, eq(apiKeys.id, campaignCreators.decidedByKeyId))
      .where(where)
  );
}

async function participationRow(db: Db, campaignId: string, creatorId: string) {
  const [row] = await participationQuery(
    db,
    and(eq(campaignCreators.campaignId, campaignId), eq(campaignCreators.creatorId, creatorId)),
  );
  return row ?? null;
}

/**
 * GET …/creators's filters (fits: only creators who meet, true, or do not meet, false, the
 * campaign's targeting); after: (applied_at, creator_id) of the previous page's last row.
 */
export type CreatorListFilter = ListFilter<
  CreatorListQuery,
  { appliedAt: string; creatorId: string }
>;

/** Newest applied_at first, then creator id (descending). */
export const campaignCreatorKeyset = timeThenId('appliedAt', 'creatorId');

/** GET /campaigns/{campaign_id}/creators. */
export const campaignCreatorList = campaignItemList({
  scope: (campaignId, q: CreatorListQuery) => ({
    list: `creators:${campaignId}`,
    filters: cursorFilters(q, ['status', 'fits']),
  }),
  keyset: campaignCreatorKeyset,
  select: participationQuery,
  campaignId: campaignCreators.campaignId,
  filters: (filter: CreatorListFilter) => [
    filter.status ? eq(campaignCreators.status, filter.status) : undefined,
    filter.fits === undefined
      ? undefined
      : sql`${targetingMatchesSql(creators.properties)} = ${filter.fits}`,
  ],
  startAfter: (after) =>
    sql`(${campaignCreators.appliedAt}, ${campaignCreators.creatorId}) < (${after.appliedAt}::timestamptz, ${after.creatorId})`,
  order: [
    sql`${campaignCreators.appliedAt} desc nulls last, ${campaignCreators.creatorId} desc nulls last`,
  ],
  show: toCampaignCreator,
});

/** One creator's part in a campaign the scope may see; 404 for either missing. */
export const getCampaignCreator = (
  db: Db,
  campaignId: string,
  creatorId: string,
  scope: BrandScope,
): Promise<CampaignCreator> =>
  getCampaignItem(db, campaignId, scope, {
    name: 'Creator',
    row: () => participationRow(db, campaignId, creatorId),
    show: toCampaignCreator,
  });

/** Who decided, for a message: the deciding key's shown prefix, or the platform (none). */
/** " by Maya Chen (reviewer)", " by key cck_AbCd…" or " by the platform". */
export const decidedBy = (prefix: string | null, label: string | null = null) =>
  label ? ` by ${label}` : prefix ? ` by key ${prefix}…` : ' by the platform';

/**
 * approve / reject an application: only from `applied`. The conditional UPDATE makes two
 * deciders at the same moment take turns; the second finds the row decided: 409 already_decided.
 */
export async function decideCreator(
  tx: Tx,
  campaignId: string,
  creatorId: string,
  scope: BrandScope,
  decision: { to: 'approved' | 'rejected'; reason?: string | undefined; keyId: string | null },
): Promise<CampaignCreator> {
  await getCampaignRow(tx, campaignId, scope);
  const updated = await tx
    .update(campaignCreators)
    .set({
      status: decision.to,
      decidedAt: sql`now()`,
      decidedByKeyId: decision.keyId,
      decidedByLabel: memberActorLabel(),
      reason: decision.reason ?? null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(campaignCreators.campaignId, campaignId),
        eq(campaignCreators.creatorId, creatorId),
        eq(campaignCreators.status, 'applied'),
      ),
    )
    .returning({ creatorId: campaignCreators.creatorId });
  const row = await participationRow(tx, campaignId, creatorId);
  if (!row) throw notFound('Creator');
  if (updated.length === 0) {
    throw fieldsRefused(409, 'already_decided', [
      {
        field: 'status',
        message: `the application was already ${row.status} at ${row.decidedAt ?? row.appliedAt}${decidedBy(row.decidedByPrefix, row.decidedByLabel)}; only an applied creator can be ${decision.to}`,
      },
    ]);
  }
  return toCampaignCreator(row);
}

/** POST /ops/campaigns/{id}/applications: applied, or approved at once without creator approval. */
export async function applyToCampaign(
  tx: Tx,
  campaignId: string,
  creatorId: string,
): Promise<CampaignCreator> {
  const campaign = await getCampaignRow(tx, campaignId, ALL_BRANDS);
  if (!(await findCreator(tx, creatorId)))
    throw validationFailed('creator_id', `unknown creator ${creatorId}`);
  if (campaign.status !== 'active') {
    throw invalidTransition(
      'status',
      `the campaign is ${campaign.status}; creators apply only to active campaigns`,
    );
  }
  const auto = !campaign.settings.creator_approval_required;
  const inserted = await tx
    .insert(campaignCreators)
    .values({
      campaignId,
      creatorId,
      status: auto ? 'approved' : 'applied',
      ...(auto ? { decidedAt: sql`now()` } : {}),
    })
    .onConflictDoNothing()
    .returning({ creatorId: campaignCreators.creatorId });
  const row = await participationRow(tx, campaignId, creatorId);
  if (!row) throw new Error('participation row missing after insert');
  if (inserted.length === 0) {
    throw invalidTransition(
      'creator_id',
      `the creator already applied to this campaign (status ${row.status})`,
    );
  }
  return toCampaignCreator(row);
}

/** The participation row, locked until the transaction ends (submissions of one creator take turns). */
export async function lockParticipation(tx: Tx, campaignId: string, creatorId: string) {
  const [row] = await tx
    .select({ status: campaignCreators.status })
    .from(campaignCreators)
    .where(
      and(eq(campaignCreators.campaignId, campaignId), eq(campaignCreators.creatorId, creatorId)),
    )
    .for('update');
  return row ?? null;
}

export type Total =
  | 'submittedCount'
  | 'inReviewCount'
  | 'approvedCount'
  | 'rejectedCount'
  | 'livePosts'
  | 'views'
  | 'likes'
  | 'comments'
  | 'shares'
  | 'saves'
  | 'spendCents';

/** The content count a submission status adds to, if any. */
export const statusTotal = (status: string): Total | null =>
  status === 'in_review'
    ? 'inReviewCount'
    : status === 'approved'
      ? 'approvedCount'
      : status === 'rejected'
        ? 'rejectedCount'
        : null;

/** Adds `delta` to the creator's running totals on the campaign. */
export async function bumpTotals(
  tx: Tx,
  campaignId: string,
  creatorId: string,
  delta: Partial<Record<Total, number>>,
): Promise<void> {
  const set: Record<string, SQL> = {};
  for (const [key, value] of Object.entries(delta) as [Total, number][]) {
    if (value === 0) continue;
    const column = campaignCreators[key];
    set[key] = sql`${column} + ${value}`;
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(campaignCreators)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(eq(campaignCreators.campaignId, campaignId), eq(campaignCreators.creatorId, creatorId)),
    );
}

/** The totals delta of a submission moving from one status to another. */
export function statusDelta(from: string | null, to: string): Partial<Record<Total, number>> {
  const delta: Partial<Record<Total, number>> = {};
  const a = from === null ? null : statusTotal(from);
  const b = statusTotal(to);
  if (a) delta[a] = (delta[a] ?? 0) - 1;
  if (b) delta[b] = (delta[b] ?? 0) + 1;
  if (from === null) delta.submittedCount = 1;
  return delta;
}
