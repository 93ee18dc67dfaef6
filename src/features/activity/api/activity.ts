import { queryOptions } from '@tanstack/react-query';
import { AuditEventPage } from '#contract/people';
import { api } from '#lib/api-client';
import type { LiveInvalidation } from '#lib/live-invalidation';
import { listPagesOptions } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';
import type { AuditFilterQuery } from '../activity-filters';

/** Query keys of the audit trail: the Activity screen's list and the History panels. */
export const activityKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'activity'] as const,
  list: (brandId: string, query: AuditFilterQuery) =>
    [...activityKeys.all(brandId), 'list', query] as const,
  history: (brandId: string, query: AuditFilterQuery, limit: number) =>
    [...activityKeys.all(brandId), 'history', query, limit] as const,
};

/**
 * The stream sends no event for the trail itself; every change the trail records by a person
 * also sends its live event (same transaction), so the trail is read again on those: any event
 * of the brand for the Activity list, a campaign's events for its History, a submission's own
 * events for its History. `post.updated` is left out: it is the metrics of live posts changing
 * (the simulator's and the platforms' updates), which the trail does not record.
 */
export const activityLiveInvalidation: LiveInvalidation = {
  keys: activityKeys.all,
  concerns: (event, key) => {
    if (event.type === 'post.updated') return false;
    const query = key[4] as AuditFilterQuery | undefined;
    if (query?.target_id) return event.id === query.target_id;
    if (query?.campaign_id) return event.campaign_id === query.campaign_id;
    return true;
  },
};

/** The brand's trail, newest first, 50 entries a page. */
export const activityListOptions = (brandId: string, query: AuditFilterQuery) =>
  listPagesOptions(activityKeys.list(brandId, query), (page, signal) =>
    api.GET('/audit-events', AuditEventPage, {
      params: { query: { ...query, ...page, limit: 50 } },
      signal,
    }),
  );

/** The newest few entries of a campaign or a submission, for its History panel. */
export const historyOptions = (brandId: string, query: AuditFilterQuery, limit = 5) =>
  queryOptions({
    queryKey: activityKeys.history(brandId, query, limit),
    queryFn: ({ signal }) =>
      api.GET('/audit-events', AuditEventPage, { params: { query: { ...query, limit } }, signal }),
  });
