import { activityLiveInvalidation } from '#features/activity/api/activity';
import { campaignsLiveInvalidation } from '#features/campaigns/api/campaigns';
import { publishOutcomesLiveInvalidation } from '#features/campaigns/publish-outcomes';
import { codesLiveInvalidation } from '#features/codes/api/codes';
import { creatorsLiveInvalidation } from '#features/creators/api/creators';
import type { LiveInvalidation } from '#lib/live-invalidation';
import { metricsLiveInvalidation } from '#features/metrics/api/metrics';
import { postsLiveInvalidation } from '#features/posts/api/posts';
import { reviewLiveInvalidation } from '#features/review/api/review';
import { usageReportsLiveInvalidation } from '#features/codes/api/usage-reports';
import { payoutsLiveInvalidation } from '#features/payouts/api/payouts';

/**
 * Every area of the dashboard that live events refresh, each declared by its feature beside its
 * key factory. A feature whose screens show creator activity is listed here, or it goes stale.
 */
export const liveInvalidations: readonly LiveInvalidation[] = [
  reviewLiveInvalidation,
  creatorsLiveInvalidation,
  postsLiveInvalidation,
  metricsLiveInvalidation,
  codesLiveInvalidation,
  campaignsLiveInvalidation,
  usageReportsLiveInvalidation,
  payoutsLiveInvalidation,
  activityLiveInvalidation,
  // Not a refresh: tells the user how a publish request ended (a toast, on any screen).
  publishOutcomesLiveInvalidation,
];
