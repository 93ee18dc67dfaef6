import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { Submission, SubmissionRevisionPage } from '#contract/submissions';
import { api } from '#lib/api-client';
import { infinitePageOptions } from '#lib/paging';
import { reviewKeys } from './review';

// One submission on a page of its own (`/brands/:brandId/campaigns/:campaignId/submissions/:id`),
// read with GET /campaigns/{campaign_id}/submissions/{submission_id} and its versions with
// .../revisions (docs/api.md#revisions). Its keys sit under the review's, so a live event about
// the submission reads it again (`reviewLiveInvalidation`).

/** The keys of one submission and of its versions. */
export const submissionKeys = {
  all: (brandId: string) => [...reviewKeys.all(brandId), 'submission'] as const,
  one: (brandId: string, submissionId: string) =>
    [...submissionKeys.all(brandId), submissionId] as const,
  versions: (brandId: string, submissionId: string) =>
    [...submissionKeys.one(brandId, submissionId), 'versions'] as const,
};

/** The submission as the service has it now. */
export const submissionOptions = (brandId: string, campaignId: string, submissionId: string) =>
  queryOptions({
    queryKey: submissionKeys.one(brandId, submissionId),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/submissions/{submission_id}', Submission, {
        params: { path: { campaign_id: campaignId, submission_id: submissionId } },
        signal,
      }),
  });

/** Its versions, newest first, a page at a time. */
export const submissionVersionsOptions = (
  brandId: string,
  campaignId: string,
  submissionId: string,
) =>
  infiniteQueryOptions({
    queryKey: submissionKeys.versions(brandId, submissionId),
    queryFn: ({ pageParam, signal }) =>
      api.GET(
        '/campaigns/{campaign_id}/submissions/{submission_id}/revisions',
        SubmissionRevisionPage,
        {
          params: {
            path: { campaign_id: campaignId, submission_id: submissionId },
            query: { limit: 10, ...(pageParam ? { starting_after: pageParam } : {}) },
          },
          signal,
        },
      ),
    ...infinitePageOptions,
  });
