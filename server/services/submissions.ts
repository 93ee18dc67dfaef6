import type { Submission } from '#contract/submissions';
import { transaction, type Db, type Tx } from '../db/client.ts';
import type { BrandScope } from '../domain/brand-scope.ts';
import type { IdempotentOutcome, IdempotentRequest } from '../domain/idempotency.ts';
import * as submissions from '../domain/submissions.ts';
import { runIdempotent } from './idempotency.ts';
import { inTransaction } from './write.ts';

// Submissions: content arriving and the brand's review (docs/architecture.md#services).

/** What a reviewer decides about a submission (the caller's credential and side). */
export type SubmissionDecision = Parameters<typeof submissions.reviewSubmission>[4];

/** The submission a decision is about. */
export interface SubmissionItem {
  campaign_id: string;
  submission_id: string;
}

const review = (tx: Tx, item: SubmissionItem, scope: BrandScope, decision: SubmissionDecision) =>
  submissions.reviewSubmission(tx, item.campaign_id, item.submission_id, scope, decision);

/**
 * Approves or rejects a submission of the scope. Audit entry and live event by triggers
 * submissions_audit, submissions_events; its version by submissions_versions
 * (docs/architecture.md#triggers).
 */
export function reviewSubmission(
  db: Db,
  item: SubmissionItem,
  scope: BrandScope,
  decision: SubmissionDecision,
): Promise<Submission> {
  return transaction(db, (tx) => review(tx, item, scope, decision));
}

/**
 * reviewSubmission at most once per (credential, Idempotency-Key): a retry after a lost answer
 * replays the original 200 (decision 0102). Audit entry and live event by triggers
 * submissions_audit, submissions_events; its version by submissions_versions
 * (docs/architecture.md#triggers).
 */
export function reviewSubmissionOnce(
  db: Db,
  request: IdempotentRequest,
  item: SubmissionItem,
  scope: BrandScope,
  decision: SubmissionDecision,
): Promise<IdempotentOutcome> {
  return runIdempotent(db, request, async (tx) => ({
    status: 200,
    body: await review(tx, item, scope, decision),
  }));
}

/**
 * /ops: a creator submits content; with inspection on, its job is queued in the same
 * transaction (docs/architecture.md#jobs). Audit entry and live event by triggers
 * submissions_audit, submissions_events; its version by submissions_versions
 * (docs/architecture.md#triggers).
 */
export const createSubmission = inTransaction(submissions.createSubmission);

/**
 * /ops: a creator revises rejected content. Audit entry and live event by triggers
 * submissions_audit, submissions_events; its version by submissions_versions
 * (docs/architecture.md#triggers).
 */
export const reviseSubmission = inTransaction(submissions.reviseSubmission);

/**
 * /ops: processing failed. Audit entry and live event by triggers submissions_audit,
 * submissions_events, docs/architecture.md#triggers.
 */
export const failSubmission = inTransaction(submissions.failSubmission);
