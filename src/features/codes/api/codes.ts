import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CodeDeleted,
  CodeGroupPage,
  CodesAdded,
  DiscountCodePage,
  type DiscountCode,
  UsageReportResult,
  type CodesAdd,
  type UsageEntry,
} from '#contract/codes';
import { CampaignCreator } from '#contract/creators';
import { api } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { fetchEveryRow, listPagesOptions } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';

/** Which codes of a group the table lists. */
export type CodeFilter = 'all' | 'assigned' | 'unassigned';

/** Query keys of discount codes, general to specific. */
export const codeKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'codes'] as const,
  groups: (brandId: string) => [...codeKeys.all(brandId), 'groups'] as const,
  lists: (brandId: string) => [...codeKeys.all(brandId), 'list'] as const,
  list: (brandId: string, groupId: string, filter: CodeFilter) =>
    [...codeKeys.lists(brandId), groupId, filter] as const,
  holders: (brandId: string) => [...codeKeys.all(brandId), 'holder'] as const,
  holder: (brandId: string, campaignId: string, creatorId: string) =>
    [...codeKeys.holders(brandId), campaignId, creatorId] as const,
};

/**
 * Codes are listed by group, not by campaign (and an unassigned code has no campaign): a code
 * event refreshes the codes of its brand. A code's holder (their username) does not change with
 * the code.
 */
export const codesLiveInvalidation: LiveInvalidation = {
  keys: codeKeys.all,
  concerns: (event, key, brandId) =>
    event.type === 'code.updated' &&
    event.brand_id === brandId &&
    !keyStartsWith(key, codeKeys.holders(brandId)),
};

/**
 * The creator holding a code, for their username: a code names only the creator's id and
 * campaign. Usernames do not change, so an answer is kept for the session.
 */
export const codeHolderOptions = (brandId: string, campaignId: string, creatorId: string) =>
  queryOptions({
    queryKey: codeKeys.holder(brandId, campaignId, creatorId),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/creators/{creator_id}', CampaignCreator, {
        params: { path: { campaign_id: campaignId, creator_id: creatorId } },
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });

/** Every code group of the brand (groups are few: every page, 100 a page). */
export const codeGroupsOptions = (brandId: string) =>
  queryOptions({
    queryKey: codeKeys.groups(brandId),
    queryFn: ({ signal }) =>
      fetchEveryRow((page) =>
        api.GET('/code-groups', CodeGroupPage, {
          params: { query: { brand_id: brandId, ...page } },
          signal,
        }),
      ),
  });

/** A group's codes, 100 a page, optionally only the assigned or the unassigned ones. */
export const codeListOptions = (brandId: string, groupId: string, filter: CodeFilter) =>
  listPagesOptions(codeKeys.list(brandId, groupId, filter), (page, signal) =>
    api.GET('/codes', DiscountCodePage, {
      params: {
        query: {
          group_id: groupId,
          assigned: filter === 'all' ? undefined : filter === 'assigned' ? 'true' : 'false',
          limit: 100,
          ...page,
        },
      },
      signal,
    }),
  );

/** How many codes `GET /codes?code=…` takes at once (the contract's bound). */
export const CODES_PER_LOOKUP = 100;

/**
 * The codes the service knows among `codes` (any the key can see), as they are now: asked 100
 * at a time, so a usage file is checked against exactly its own codes.
 */
export async function lookupCodes(
  codes: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, DiscountCode>> {
  const found = new Map<string, DiscountCode>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += CODES_PER_LOOKUP) {
    const chunk = unique.slice(i, i + CODES_PER_LOOKUP);
    const codes = await fetchEveryRow((page) =>
      api.GET('/codes', DiscountCodePage, { params: { query: { code: chunk, ...page } }, signal }),
    );
    for (const code of codes) found.set(code.code, code);
  }
  return found;
}

/** `PUT /codes` with JSON: one all-or-nothing batch of usage totals. */
export function reportUsage(usage: readonly UsageEntry[], signal?: AbortSignal) {
  return api.PUT('/codes', UsageReportResult, {
    params: { header: { 'usage-report-channel': 'dashboard' } },
    body: { usage: [...usage] },
    signal,
  });
}

/**
 * `POST /codes`: nothing is added when any code exists already (409 `code_exists`). Give the same
 * `idempotencyKey` for every try of one list: a retry after a lost answer then replays the first
 * answer instead of being refused because its codes now exist.
 */
export function useAddCodes(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CodesAdd; idempotencyKey: string }) =>
      api.POST('/codes', CodesAdded, { body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all(brandId) }),
    meta: { suppressErrorToast: true },
  });
}

/** `DELETE /codes/{code}`: an assigned code answers 409 `code_assigned`. */
export function useDeleteCode(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.DELETE('/codes/{code}', CodeDeleted, { params: { path: { code } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all(brandId) }),
    meta: { suppressErrorToast: true },
  });
}
