import type { CreatorStatus } from '#contract/enums';
import { CreatorPage, type CampaignCreator } from '#contract/creators';
import { apiClient } from '#lib/api-client';
import { fileSlug } from '#lib/csv';
import type { CsvExportJob } from '#lib/csv-export';

export const CREATORS_CSV_HEADER = [
  'creator_id',
  'username',
  'status',
  'applied_at',
  'decided_at',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'posts',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'spend_usd',
  'fits_targeting',
  'unmet_conditions',
  'properties',
] as const;

/**
 * One creator as a CSV row, in the order of `CREATORS_CSV_HEADER`; spend in dollars, the unmet
 * conditions and the properties (`Country: United States; Age (years): 24`) each in one cell.
 */
export function creatorCsvRow(creator: CampaignCreator) {
  return [
    creator.creator_id,
    creator.username,
    creator.status,
    creator.applied_at,
    creator.decided_at,
    creator.content.submitted,
    creator.content.in_review,
    creator.content.approved,
    creator.content.rejected,
    creator.posts,
    creator.metrics.views,
    creator.metrics.likes,
    creator.metrics.comments,
    creator.metrics.shares,
    creator.metrics.saves,
    (creator.spend_cents / 100).toFixed(2),
    creator.targeting_fit.matches ? 'yes' : 'no',
    creator.targeting_fit.unmet.join('; '),
    creator.properties.map((p) => `${p.name}: ${p.label}`).join('; '),
  ];
}

/** Every creator of the campaign in the tab's status, 100 a page. */
export function creatorsExportJob(
  campaign: { id: string; name: string },
  status: CreatorStatus,
): CsvExportJob<CampaignCreator> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    filename: `creators-${status}-${fileSlug(campaign.name)}-${today}.csv`,
    header: CREATORS_CSV_HEADER,
    fetchPage: (cursor, signal) =>
      apiClient.get(`/campaigns/${campaign.id}/creators`, CreatorPage, {
        signal,
        query: { status, limit: 100, starting_after: cursor },
      }),
    toRow: creatorCsvRow,
  };
}
