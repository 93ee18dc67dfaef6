import * as payouts from '../domain/payouts.ts';
import * as posts from '../domain/posts.ts';
import { inTransaction } from './write.ts';

// Posts, their metrics and payouts, all written by /ops (docs/architecture.md#services).

/**
 * A post of an approved submission. Audit entry and live event by triggers posts_audit,
 * posts_events, docs/architecture.md#triggers.
 */
export const createPost = inTransaction(posts.createPost);

/**
 * A post's metrics. Audit entry and live event by triggers posts_audit, posts_events,
 * docs/architecture.md#triggers.
 */
export const updateMetrics = inTransaction(posts.updateMetrics);

/**
 * A post taken down. Audit entry and live event by triggers posts_audit, posts_events,
 * docs/architecture.md#triggers.
 */
export const takeDownPost = inTransaction(posts.takeDownPost);

/** A payout to a creator. Audit entry by trigger payouts_audit, docs/architecture.md#triggers. */
export const createPayout = inTransaction(payouts.createPayout);
