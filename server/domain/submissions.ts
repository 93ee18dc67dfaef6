import { memberActorLabel } from '../db/audit-context.ts';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MediaType } from '#contract/enums';
import type { OpsRevise, OpsSubmissionCreate } from '#contract/ops';
import type {
  ReviewNoteInput,
  Submission,
  SubmissionListQuery,
  SubmissionRevision,
} from '#contract/submissions';
import type { Db, Tx } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Side } from '#contract/me';
import {
  agencyBrands,
  apiKeys,
  creators,
  submissionVersions,
  submissions,
  tasks,
  type StoredNote,
} from '../db/schema.ts';
import type { ApiError } from '../errors.ts';
import { fieldsRefused, invalidTransition, notFound, validationFailed } from '../errors.ts';
import { getCampaignItem, getCampaignRow, type CampaignRow } from './campaigns.ts';
import { bumpTotals, decidedBy, findCreator, lockParticipation, statusDelta } from './creators.ts';
import type { Reviewer } from './reviewer.ts';
import {
  campaignItemList,
  cursorFilters,
  readKeysetPage,
  timeThenId,
  type Keyset,
  type ListFilter,
  type Page,
  type PageRequest,
} from './paging.ts';
import { isoTimestamp, nullableIsoTimestamp } from './sql.ts';
import { enqueueInspection } from './inspection-jobs.ts';
import { checkedNotes, contentItems, notesFeedback } from './media-items.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

// Submissions: the buyer's review queue (list, read, approve, reject) and the platform side
// (a creator submits, revises; processing fails). Every status change also moves the creator's
// content counts (creators.ts bumpTotals) in the same transaction.

/** The note a creator receives when a rejection carries no feedback. */
export const GENERIC_CHANGES_REQUESTED =
  'Changes requested: please check the task instructions and submit a revised version.';

export const agencyKeys = alias(apiKeys, 'agency_keys');

export const submissionSelection = {
  id: submissions.id,
  campaignId: submissions.campaignId,
  creatorId: submissions.creatorId,
  username: creators.username,
  taskId: submissions.taskId,
  status: submissions.status,
  mediaType: submissions.mediaType,
  mediaUrl: submissions.mediaUrl,
  thumbnailUrl: submissions.thumbnailUrl,
  revisionCount: submissions.revisionCount,
  feedback: submissions.feedback,
  failureReason: submissions.failureReason,
  submittedAt: nullableIsoTimestamp(submissions.submittedAt),
  reviewedAt: nullableIsoTimestamp(submissions.reviewedAt),
  reviewedByPrefix: apiKeys.prefix,
  reviewedByLabel: submissions.reviewedByLabel,
  awaiting: submissions.awaiting,
  agencyApprovedAt: nullableIsoTimestamp(submissions.agencyApprovedAt),
  agencyApprovedByPrefix: agencyKeys.prefix,
  agencyApprovedByLabel: submissions.agencyApprovedByLabel,
  media: submissions.media,
  checks: submissions.checks,
  mediaItems: submissions.mediaItems,
  notes: submissions.notes,
  createdAt: isoTimestamp(submissions.createdAt),
  updatedAt: isoTimestamp(submissions.updatedAt),
};

type SubmissionRow = Awaited<ReturnType<typeof submissionQuery>>[number];

/** The items of a row; one written without them (a bulk insert) has its media_url as its one item. */
function itemsOf(row: SubmissionRow): Submission['media_items'] {
  if (row.mediaItems.length > 0 || row.mediaUrl === null) return row.mediaItems;
  return [
    {
      type: row.mediaType === 'video' ? 'video' : 'image',
      url: row.mediaUrl,
      thumbnail_url: row.thumbnailUrl,
      width: row.media?.width ?? null,
      height: row.media?.height ?? null,
      duration_s: row.media?.duration_s ?? null,
    },
  ];
}

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    creator_id: row.creatorId,
    creator_username: row.username,
    task_id: row.taskId,
    status: row.status,
    media_type: row.mediaType,
    media_url: row.mediaUrl,
    thumbnail_url: row.thumbnailUrl,
    media_items: itemsOf(row),
    revision_count: row.revisionCount,
    feedback: row.feedback,
    notes: row.notes,
    failure_reason: row.failureReason,
    awaiting: row.status === 'in_review' ? row.awaiting : null,
    agency_approved_at: row.agencyApprovedAt,
    agency_approved_by: row.agencyApprovedAt
      ? (row.agencyApprovedByLabel ?? row.agencyApprovedByPrefix ?? 'the platform')
      : null,
    media: row.media,
    checks: row.checks,
    submitted_at: row.submittedAt,
    reviewed_at: row.reviewedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

const submissionQuery = (db: Db, where: SQL | undefined) =>
  db
    .select(submissionSelection)
    .from(submissions)
    .innerJoin(creators, eq(creators.id, submissions.creatorId))
    .leftJoin(apiKeys, eq(apiKeys.id, submissions.reviewedByKeyId))
    .leftJoin(agencyKeys, eq(agencyKeys.id, submissions.agencyApprovedByKeyId))
    .where(where);

async function submissionRow(db: Db, id: string, campaignId?: string) {
  const [row] = await submissionQuery(
    db,
    and(eq(submissions.id, id), campaignId ? eq(submissions.campaignId, campaignId) : undefined),
  );
  return row ?? null;
}

/**
 * GET …/submissions's filters (awaiting: in review and waiting for this side, brand sign-off,
 * docs/review-bar.md#sign-off); after: (submitted_at, id) of the previous page's last row.
 */
export type SubmissionListFilter = ListFilter<
  SubmissionListQuery,
  { submittedAt: string; id: string }
>;

/** Oldest submitted_at first (the review queue), then id. */
export const submissionKeyset = timeThenId('submittedAt', 'id');

/** GET /campaigns/{campaign_id}/submissions. */
export const submissionList = campaignItemList({
  scope: (campaignId, q: SubmissionListQuery) => ({
    list: `submissions:${campaignId}`,
    // awaiting came later: a list without it keeps the filters its cursors had before.
    filters: {
      ...cursorFilters(q, ['status', 'task_id', 'creator_id']),
      ...(q.awaiting ? { awaiting: q.awaiting } : {}),
    },
  }),
  keyset: submissionKeyset,
  select: submissionQuery,
  campaignId: submissions.campaignId,
  filters: (filter: SubmissionListFilter) => [
    filter.status ? inArray(submissions.status, [...filter.status]) : undefined,
    filter.task_id ? eq(submissions.taskId, filter.task_id) : undefined,
    filter.creator_id ? eq(submissions.creatorId, filter.creator_id) : undefined,
    filter.awaiting
      ? and(eq(submissions.status, 'in_review'), awaitingIs(filter.awaiting))
      : undefined,
  ],
  startAfter: (after) =>
    sql`(${submissions.submittedAt}, ${submissions.id}) > (${after.submittedAt}::timestamptz, ${after.id}::uuid)`,
  order: [sql`${submissions.submittedAt} asc, ${submissions.id} asc`],
  show: toSubmission,
});

/** A page of a campaign's submissions without the HTTP list around it (the benchmark reads it). */
export const listSubmissions = submissionList.read;

/** One submission of a campaign the scope may see; 404 for either missing. */
export const getSubmission = (
  db: Db,
  campaignId: string,
  id: string,
  scope: BrandScope,
): Promise<Submission> =>
  getCampaignItem(db, campaignId, scope, {
    name: 'Submission',
    row: () => submissionRow(db, id, campaignId),
    show: toSubmission,
  });

// ---------------------------------------------------------------- every version (docs/api.md#revisions)

const revisionSelection = {
  revision: submissionVersions.revision,
  mediaItems: submissionVersions.mediaItems,
  submittedAt: nullableIsoTimestamp(submissionVersions.submittedAt),
  checks: submissionVersions.checks,
  decisionStatus: submissionVersions.decisionStatus,
  feedback: submissionVersions.feedback,
  notes: submissionVersions.notes,
  decidedAt: nullableIsoTimestamp(submissionVersions.decidedAt),
  decidedByType: submissionVersions.decidedByType,
  decidedById: submissionVersions.decidedById,
  decidedByLabel: submissionVersions.decidedByLabel,
};

export type RevisionRow = Awaited<ReturnType<typeof revisionQuery>>[number];

const revisionQuery = (db: Db, where: SQL | undefined) =>
  db.select(revisionSelection).from(submissionVersions).where(where);

/** Newest version first: the position is the revision number. */
export const revisionKeyset: Keyset<RevisionRow, { revision: number }> = {
  shape: ['number'],
  positionOf: (row) => [row.revision],
  after: ([revision]) => ({ revision: Number(revision) }),
};

export function toRevision(row: RevisionRow): SubmissionRevision {
  return {
    revision: row.revision,
    media_items: row.mediaItems,
    submitted_at: row.submittedAt,
    checks: row.checks,
    decision:
      row.decisionStatus && row.decidedAt
        ? {
            status: row.decisionStatus,
            feedback: row.feedback,
            notes: row.notes,
            decided_at: row.decidedAt,
            decided_by: {
              type: row.decidedByType ?? 'ops',
              id: row.decidedById,
              label: row.decidedByLabel ?? 'the platform',
            },
          }
        : null,
  };
}

/**
 * GET …/submissions/{id}/revisions: every version of a submission of a campaign the scope may see
 * (404 for either missing), newest first.
 */
export async function readRevisions(
  db: Db,
  campaignId: string,
  submissionId: string,
  scope: BrandScope,
  page: PageRequest<{ revision: number }>,
): Promise<Page<RevisionRow>> {
  await getCampaignRow(db, campaignId, scope);
  const [found] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.campaignId, campaignId)));
  if (!found) throw notFound('Submission');
  return readKeysetPage(
    (where) => revisionQuery(db, where),
    [eq(submissionVersions.submissionId, submissionId)],
    page,
    {
      startAfter: (after) => lt(submissionVersions.revision, after.revision),
      order: [desc(submissionVersions.revision)],
    },
  );
}

const awaitingIs = (who: Side) => eq(submissions.awaiting, who);

/**
 * Whether the brand signs off after its agency's review (docs/review-bar.md#sign-off): the campaign's brand is
 * managed by an agency and settings.brand_approval_required is on.
 */
export async function signOffApplies(
  db: Db,
  campaign: Pick<CampaignRow, 'brandId' | 'settings'>,
): Promise<boolean> {
  if (!campaign.settings.brand_approval_required) return false;
  const [managed] = await db
    .select({ agencyId: agencyBrands.agencyId })
    .from(agencyBrands)
    .where(eq(agencyBrands.brandId, campaign.brandId))
    .limit(1);
  return managed !== undefined;
}

export interface ReviewDecisionInput {
  to: 'approved' | 'rejected';
  feedback?: string | undefined;
  /** A rejection's notes at a moment or on an item (docs/api.md#media-items-and-notes). */
  notes?: readonly ReviewNoteInput[] | undefined;
  keyId: string | null;
  /**
   * The side the reviewing credential acts for: an agency's, or the brand's own (the platform
   * counts as the brand). Defaults to 'brand': the brand has the last word.
   */
  side?: Side;
  /**
   * Decide even while the media is being inspected. Only the demo seed, which writes a past in
   * which the decisions came after the checks; every reviewer waits for them (409
   * inspection_pending, docs/decisions/0063).
   */
  duringInspection?: boolean;
}

function alreadyReviewed(row: SubmissionRow, to: string): ApiError {
  if (row.status === 'in_review' && row.checks === null) {
    return fieldsRefused(409, 'inspection_pending', [
      {
        field: 'checks',
        message: `the submission's media is still being inspected; it can be ${to} once its checks are in (try again in a few seconds)`,
      },
    ]);
  }
  if (row.status === 'in_review' && row.awaiting === 'brand') {
    const when = row.agencyApprovedAt
      ? ` (the agency approved it at ${row.agencyApprovedAt}${decidedBy(row.agencyApprovedByPrefix, row.agencyApprovedByLabel)})`
      : '';
    return fieldsRefused(409, 'already_reviewed', [
      {
        field: 'awaiting',
        message: `the submission waits for the brand's sign-off${when}; only the brand can approve or reject it now`,
      },
    ]);
  }
  const when = row.reviewedAt
    ? ` at ${row.reviewedAt}${decidedBy(row.reviewedByPrefix, row.reviewedByLabel)}`
    : '';
  return fieldsRefused(409, 'already_reviewed', [
    {
      field: 'status',
      message: `the submission is already ${row.status}${when}; only a submission in_review can be ${to}`,
    },
  ]);
}

/**
 * The buyer's decision: only from `in_review`. The conditional UPDATE lets exactly one of two
 * reviewers deciding at once win; the other finds the row reviewed: 409 already_reviewed naming
 * the current state, when and by which key (a key of the same brand: nothing of another brand).
 *
 * With the brand's sign-off (docs/review-bar.md#sign-off) an agency's approval moves the submission to
 * `awaiting: brand` and keeps it in review; the brand's approval is final at either stage, and a
 * rejection by either side is final as today. An agency approving what waits for the brand: 409.
 * A submission whose media is still being inspected cannot be decided: 409 inspection_pending.
 */
export async function reviewSubmission(
  tx: Tx,
  campaignId: string,
  id: string,
  scope: BrandScope,
  decision: ReviewDecisionInput,
): Promise<Submission> {
  const campaign = await getCampaignRow(tx, campaignId, scope);
  const side = decision.side ?? 'brand';
  // Notes are checked against the items of the version being decided (and only that version).
  let notes: StoredNote[] = [];
  let version: number | undefined;
  let itemCount = 1;
  if (decision.to === 'rejected' && decision.notes && decision.notes.length > 0) {
    const before = await submissionRow(tx, id, campaignId);
    if (!before) throw notFound('Submission');
    if (before.status === 'in_review' && (before.checks !== null || decision.duringInspection)) {
      const items = itemsOf(before);
      notes = checkedNotes(decision.notes, items);
      version = before.revisionCount;
      itemCount = items.length;
    }
  }
  const decidable = and(
    eq(submissions.id, id),
    eq(submissions.campaignId, campaignId),
    eq(submissions.status, 'in_review'),
    // Not while the media is inspected (checks null): the review bar may still fail it.
    decision.duringInspection ? undefined : isNotNull(submissions.checks),
    version === undefined ? undefined : eq(submissions.revisionCount, version),
  );
  if (decision.to === 'approved' && side === 'agency' && (await signOffApplies(tx, campaign))) {
    const handed = await tx
      .update(submissions)
      .set({
        awaiting: 'brand',
        agencyApprovedAt: sql`now()`,
        agencyApprovedByKeyId: decision.keyId,
        agencyApprovedByLabel: memberActorLabel(),
        updatedAt: sql`now()`,
      })
      .where(and(decidable, sql`${submissions.awaiting} is distinct from 'brand'`))
      .returning({ id: submissions.id });
    const row = await submissionRow(tx, id, campaignId);
    if (!row) throw notFound('Submission');
    if (!handed[0]) throw alreadyReviewed(row, decision.to);
    return toSubmission(row);
  }
  const updated = await tx
    .update(submissions)
    .set({
      status: decision.to,
      awaiting: null,
      reviewedAt: sql`now()`,
      reviewedByKeyId: decision.keyId,
      reviewedByLabel: memberActorLabel(),
      ...(decision.to === 'rejected'
        ? {
            feedback:
              decision.feedback ??
              (notes.length > 0 ? notesFeedback(notes, itemCount) : GENERIC_CHANGES_REQUESTED),
            notes,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(decidable)
    .returning({ creatorId: submissions.creatorId });
  const row = await submissionRow(tx, id, campaignId);
  if (!row) throw notFound('Submission');
  const won = updated[0];
  if (!won) throw alreadyReviewed(row, decision.to);
  await bumpTotals(tx, campaignId, won.creatorId, statusDelta('in_review', decision.to));
  return toSubmission(row);
}

// ---------------------------------------------------------------- platform side

export interface ArrivalContext {
  reviewer: Reviewer;
  /** The clock of the weekly video cap. */
  now: () => Date;
  /**
   * Inspect the media in a durable job before anyone reviews it (docs/review-bar.md#inspection): the submission waits
   * in review with `checks: null` and the job applies the review bar. Off (tests of other parts):
   * decided at arrival as before, with no checks.
   */
  inspect?: boolean;
}

/** How a submission (new or revised) arrives: approved at once, rejected by the reviewer, or in review. */
async function arrivalDecision(
  campaign: CampaignRow,
  task: typeof tasks.$inferSelect,
  media: { mediaType: MediaType; mediaUrl: string | null },
  ctx: ArrivalContext,
): Promise<{ status: 'in_review' | 'approved' | 'rejected'; feedback?: string }> {
  if (campaign.settings.post_approval_mode === 'always') return { status: 'approved' };
  if (task.reviewMode !== 'autoreview') return { status: 'in_review' };
  const prompt = task.autoreviewPrompt?.trim();
  if (!prompt) return { status: 'approved' };
  const decision = await ctx.reviewer.review({
    campaignId: campaign.id,
    taskId: task.id,
    prompt,
    mediaType: media.mediaType,
    mediaUrl: media.mediaUrl,
  });
  if (decision === null || decision.decision === 'left_for_buyer') return { status: 'in_review' };
  return decision.decision === 'approved'
    ? { status: 'approved' }
    : { status: 'rejected', feedback: decision.feedback };
}

/**
 * How content (a submission, a revision) arrives: in review while its media is inspected, else as
 * arrivalDecision says; in review, it waits for the agency when the brand signs off after it.
 */
async function arrive(
  tx: Tx,
  campaign: CampaignRow,
  task: typeof tasks.$inferSelect,
  media: { mediaType: MediaType; mediaUrl: string | null },
  ctx: ArrivalContext,
) {
  const arrival = ctx.inspect
    ? { status: 'in_review' as const, feedback: undefined }
    : await arrivalDecision(campaign, task, media, ctx);
  const signOff = arrival.status === 'in_review' && (await signOffApplies(tx, campaign));
  return { arrival, awaiting: signOff ? ('agency' as const) : null };
}

function assertAccepting(campaign: CampaignRow) {
  if (!campaign.acceptingSubmissions) {
    throw invalidTransition(
      'accepting_submissions',
      `the campaign (${campaign.status}) is not accepting submissions`,
    );
  }
}

const DAY_MS = 86_400_000;

/** 409 when the creator already has the task's max_posts_per_creator submissions that count. */
async function assertBelowMaxPosts(
  tx: Tx,
  task: { id: string; maxPostsPerCreator: number | null },
  campaignId: string,
  creatorId: string,
): Promise<void> {
  if (task.maxPostsPerCreator === null) return;
  const [used] = await tx
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.campaignId, campaignId),
        eq(submissions.creatorId, creatorId),
        eq(submissions.taskId, task.id),
        notInArray(submissions.status, ['rejected', 'failed']),
      ),
    );
  if ((used?.n ?? 0) >= task.maxPostsPerCreator) {
    throw invalidTransition(
      'task_id',
      `the creator reached max_posts_per_creator (${task.maxPostsPerCreator}) for this task`,
    );
  }
}

/**
 * POST /ops/campaigns/{id}/submissions. The creator's participation row is locked first, so
 * two submissions of one creator take turns on the limits (max_posts_per_creator, pick_one,
 * the weekly video cap).
 */
export async function createSubmission(
  tx: Tx,
  campaignId: string,
  body: OpsSubmissionCreate,
  ctx: ArrivalContext,
): Promise<Submission> {
  const campaign = await getCampaignRow(tx, campaignId, ALL_BRANDS);
  if (!(await findCreator(tx, body.creator_id)))
    throw validationFailed('creator_id', `unknown creator ${body.creator_id}`);
  const [task] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, body.task_id), eq(tasks.campaignId, campaignId)));
  if (!task) throw validationFailed('task_id', 'not a task of this campaign');
  const participation = await lockParticipation(tx, campaignId, body.creator_id);
  if (participation?.status !== 'approved') {
    throw invalidTransition(
      'creator_id',
      `the creator is ${participation ? participation.status : 'not a participant'}; only approved creators submit`,
    );
  }
  assertAccepting(campaign);
  if (task.status !== 'active') {
    throw invalidTransition('task_id', 'the task is archived');
  }
  const creatorsSubmissions = and(
    eq(submissions.campaignId, campaignId),
    eq(submissions.creatorId, body.creator_id),
  );
  if (campaign.settings.completion_mode === 'pick_one') {
    const [other] = await tx
      .select({ taskId: submissions.taskId })
      .from(submissions)
      .where(
        and(creatorsSubmissions, ne(submissions.taskId, task.id), ne(submissions.status, 'failed')),
      )
      .limit(1);
    if (other) {
      throw invalidTransition(
        'task_id',
        `the campaign's completion_mode is pick_one and the creator already works on task ${other.taskId}`,
      );
    }
  }
  await assertBelowMaxPosts(tx, task, campaignId, body.creator_id);
  if (campaign.weeklyVideoCap !== null) {
    const [week] = await tx
      .select({ n: count() })
      .from(submissions)
      .where(
        and(
          creatorsSubmissions,
          gt(submissions.createdAt, new Date(ctx.now().getTime() - 7 * DAY_MS)),
        ),
      );
    if ((week?.n ?? 0) >= campaign.weeklyVideoCap) {
      throw invalidTransition(
        'creator_id',
        `the creator reached the weekly_video_cap (${campaign.weeklyVideoCap}) of this campaign`,
      );
    }
  }
  const items = contentItems(body.media_type, body);
  const media = { mediaType: body.media_type, mediaUrl: items[0]!.url };
  const { arrival, awaiting } = await arrive(tx, campaign, task, media, ctx);
  const [row] = await tx
    .insert(submissions)
    .values({
      campaignId,
      brandId: campaign.brandId,
      taskId: task.id,
      creatorId: body.creator_id,
      status: arrival.status,
      mediaType: body.media_type,
      mediaUrl: items[0]!.url,
      thumbnailUrl: body.thumbnail_url ?? items[0]!.thumbnail_url,
      mediaItems: items,
      feedback: arrival.feedback ?? null,
      awaiting,
      checks: ctx.inspect ? null : [],
      submittedAt: sql`now()`,
      reviewedAt: arrival.status === 'in_review' ? null : sql`now()`,
    })
    .returning({ id: submissions.id });
  if (!row) throw new Error('insert into submissions returned no row');
  if (ctx.inspect) await enqueueInspection(tx, row.id, 0);
  await bumpTotals(tx, campaignId, body.creator_id, statusDelta(null, arrival.status));
  return toSubmission((await submissionRow(tx, row.id))!);
}

async function lockSubmission(tx: Tx, id: string) {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  if (!row) throw notFound('Submission');
  return row;
}

/** POST /ops/submissions/{id}/revise: rejected -> in_review (or the arrival rule), revision_count + 1. */
export async function reviseSubmission(
  tx: Tx,
  id: string,
  body: OpsRevise,
  ctx: ArrivalContext,
): Promise<Submission> {
  const current = await lockSubmission(tx, id);
  if (current.status !== 'rejected') {
    throw invalidTransition(
      'status',
      `the submission is ${current.status}; only a rejected submission can be revised`,
    );
  }
  const campaign = await getCampaignRow(tx, current.campaignId, ALL_BRANDS);
  assertAccepting(campaign);
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, current.taskId));
  if (!task) throw notFound('Task');
  await lockParticipation(tx, current.campaignId, current.creatorId);
  // A creator who submitted anew after this rejection may already be at the limit.
  await assertBelowMaxPosts(tx, task, current.campaignId, current.creatorId);
  const items = contentItems(current.mediaType, body);
  // media_url alone, as before: without a new thumbnail the old one stays.
  const thumbnailUrl = body.media_items
    ? items[0]!.thumbnail_url
    : (body.thumbnail_url ?? current.thumbnailUrl);
  items[0]!.thumbnail_url = thumbnailUrl;
  const media = { mediaType: current.mediaType, mediaUrl: items[0]!.url };
  const { arrival, awaiting } = await arrive(tx, campaign, task, media, ctx);
  await tx
    .update(submissions)
    .set({
      status: arrival.status,
      awaiting,
      agencyApprovedAt: null,
      agencyApprovedByKeyId: null,
      agencyApprovedByLabel: null,
      media: null,
      checks: ctx.inspect ? null : [],
      mediaUrl: items[0]!.url,
      thumbnailUrl,
      mediaItems: items,
      revisionCount: sql`${submissions.revisionCount} + 1`,
      // Rejected again on arrival (automatic review): that rejection has no notes.
      ...(arrival.feedback ? { feedback: arrival.feedback, notes: [] } : {}),
      submittedAt: sql`now()`,
      reviewedAt: arrival.status === 'in_review' ? null : sql`now()`,
      reviewedByKeyId: null,
      reviewedByLabel: null,
      updatedAt: sql`now()`,
    })
    .where(eq(submissions.id, id));
  if (ctx.inspect) await enqueueInspection(tx, id, current.revisionCount + 1);
  const delta = statusDelta('rejected', arrival.status);
  await bumpTotals(tx, current.campaignId, current.creatorId, delta);
  return toSubmission((await submissionRow(tx, id))!);
}

/** POST /ops/submissions/{id}/fail: any status but failed -> failed, with failure_reason. */
export async function failSubmission(tx: Tx, id: string, reason: string): Promise<Submission> {
  const current = await lockSubmission(tx, id);
  if (current.status === 'failed') {
    throw invalidTransition('status', 'the submission has already failed');
  }
  await tx
    .update(submissions)
    .set({ status: 'failed', awaiting: null, failureReason: reason, updatedAt: sql`now()` })
    .where(eq(submissions.id, id));
  const delta = statusDelta(current.status, 'failed');
  await bumpTotals(tx, current.campaignId, current.creatorId, delta);
  return toSubmission((await submissionRow(tx, id))!);
}

export { lockSubmission, submissionRow };
