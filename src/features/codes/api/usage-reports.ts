import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CodeGroup } from '#contract/codes';
import { UsageReportPage } from '#contract/usage-reports';
import { api } from '#lib/api-client';
import type { LiveInvalidation } from '#lib/live-invalidation';
import { listPagesOptions } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';
import { codeKeys } from './codes';

/** Query keys of the usage reports, general to specific. */
export const usageReportKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'usage-reports'] as const,
  list: (brandId: string, groupId: string) => [...usageReportKeys.all(brandId), groupId] as const,
};

/** A group's usage reports from every channel, newest first, 25 a page. */
export const usageReportListOptions = (brandId: string, groupId: string) =>
  listPagesOptions(usageReportKeys.list(brandId, groupId), (page, signal) =>
    api.GET('/usage-reports', UsageReportPage, {
      params: { query: { brand_id: brandId, group_id: groupId, limit: 25, ...page } },
      signal,
    }),
  );

/** A new report of the brand (by e-mail, API or another tab) refreshes its lists at once. */
export const usageReportsLiveInvalidation: LiveInvalidation = {
  keys: usageReportKeys.all,
  concerns: (event, _key, brandId) =>
    event.type === 'usage_report.created' && event.brand_id === brandId,
};

/** `POST /code-groups/{id}/rotate-intake`: the old address stops working at once. */
export function useRotateIntake(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      api.POST('/code-groups/{group_id}/rotate-intake', CodeGroup, {
        params: { path: { group_id: groupId } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.groups(brandId) }),
    meta: { suppressErrorToast: true },
  });
}
