import { pastDeadlineIssues, todayUtc } from '#contract/campaign-rules';
import type { Campaign, CampaignCreate } from '#contract/campaigns';
import { transaction, type Db, type Tx } from '../db/client.ts';
import { ALL_BRANDS, type BrandScope } from '../domain/brand-scope.ts';
import * as campaigns from '../domain/campaigns.ts';
import type { IdempotentOutcome, IdempotentRequest } from '../domain/idempotency.ts';
import {
  claimDuePublishRequest,
  platformReview,
  reviewedCampaign,
  type ReviewDelay,
} from '../domain/publish-reviews.ts';
import { brandForCreate, findBrand, type AuthContext } from '../domain/tenancy.ts';
import { fieldsRefused, validationFailed } from '../errors.ts';
import { runIdempotent } from './idempotency.ts';
import { inTransaction } from './write.ts';

// Campaigns (docs/architecture.md#services). Every write here: audit entry and live event by
// triggers campaigns_audit and campaigns_events (tasks_audit, tasks_events for their tasks),
// docs/architecture.md#triggers.

/** A brand's POST /campaigns, by the caller's credential. */
export interface CampaignCreateInput {
  auth: AuthContext;
  body: CampaignCreate;
  now: Date;
}

/** The create itself: the deadline is checked here, so a replay answers whatever today is. */
function create(tx: Tx, { auth, body, now }: CampaignCreateInput): Promise<Campaign> {
  const { brand_id, ...rest } = body;
  const late = pastDeadlineIssues(rest, todayUtc(now));
  if (late.length > 0) throw fieldsRefused(422, 'validation_failed', late);
  return campaigns.createCampaign(tx, { brandId: brandForCreate(auth, brand_id), body: rest });
}

/**
 * Creates a draft with its tasks. Audit entry and live event by triggers campaigns_audit,
 * campaigns_events, docs/architecture.md#triggers.
 */
export function createCampaign(db: Db, input: CampaignCreateInput): Promise<Campaign> {
  return transaction(db, (tx) => create(tx, input)).catch((err: unknown) => {
    throw campaigns.inviteCodeTaken(err);
  });
}

/**
 * createCampaign at most once per (credential, Idempotency-Key): the stored answer as text.
 * Audit entry and live event by triggers campaigns_audit, campaigns_events,
 * docs/architecture.md#triggers.
 */
export function createCampaignOnce(
  db: Db,
  request: IdempotentRequest,
  input: CampaignCreateInput,
): Promise<IdempotentOutcome> {
  return runIdempotent(db, request, async (tx) => ({
    status: 201,
    body: await create(tx, input),
  })).catch((err: unknown) => {
    throw campaigns.inviteCodeTaken(err);
  });
}

/**
 * /ops: a campaign for any existing brand (422 for an unknown one). Audit entry and live event by
 * triggers campaigns_audit, campaigns_events, docs/architecture.md#triggers.
 */
export function createCampaignForBrand(
  db: Db,
  input: Required<Pick<campaigns.NewCampaign, 'brandId' | 'body'>> &
    Pick<campaigns.NewCampaign, 'weeklyVideoCap'>,
): Promise<Campaign> {
  return transaction(db, async (tx) => {
    if (!(await findBrand(tx, input.brandId))) throw validationFailed('brand_id', 'unknown brand');
    return campaigns.createCampaign(tx, input);
  }).catch((err: unknown) => {
    throw campaigns.inviteCodeTaken(err);
  });
}

/**
 * PATCH a campaign of the scope. Audit entry and live event by triggers campaigns_audit,
 * campaigns_events (tasks_audit, tasks_events), docs/architecture.md#triggers.
 */
export function updateCampaign(
  db: Db,
  id: string,
  scope: BrandScope,
  patch: Parameters<typeof campaigns.updateCampaign>[3],
  context: campaigns.UpdateContext,
): Promise<Campaign> {
  return transaction(db, (tx) => campaigns.updateCampaign(tx, id, scope, patch, context)).catch(
    (err: unknown) => {
      throw campaigns.inviteCodeTaken(err);
    },
  );
}

/**
 * Deletes a draft of the scope. Audit entry by trigger campaigns_audit,
 * docs/architecture.md#triggers.
 */
export const deleteCampaign = inTransaction(campaigns.deleteCampaign);

/**
 * The demo world's platform reviewer (docs/api.md#getting-live): decides the oldest publish
 * request whose wait is over, if any, in one transaction that holds the campaign (another instance
 * skips it). Answers the decided campaign, or null when none was due. Audit entry (under the
 * caller's audit scope) and live event by triggers campaigns_audit, campaigns_events,
 * docs/architecture.md#triggers.
 */
export function decideDuePublishRequest(
  db: Db,
  now: Date,
  delay: ReviewDelay,
): Promise<Campaign | null> {
  return transaction(db, async (tx) => {
    const id = await claimDuePublishRequest(tx, now, delay);
    if (id === null) return null;
    const verdict = platformReview(await reviewedCampaign(tx, id));
    return verdict.decision === 'approved'
      ? campaigns.changeStatus(tx, id, ALL_BRANDS, 'approve', { now })
      : campaigns.changeStatus(tx, id, ALL_BRANDS, 'deny', { now, reason: verdict.reason });
  });
}

/**
 * publish, withdraw, pause, resume; /ops review, auto-pause, complete. Audit entry and live event by
 * triggers campaigns_audit, campaigns_events, docs/architecture.md#triggers.
 */
export const changeCampaignStatus = inTransaction(campaigns.changeStatus);
