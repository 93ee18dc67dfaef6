import { todayUtc } from '#contract/campaign-rules';
import type { CreatorStatus } from '#contract/enums';
import { CreatorPage, type CampaignCreator } from '#contract/creators';
import { api } from '#lib/api-client';
import { fileSlug } from '#lib/csv';
import { formatAmount } from '#lib/format';
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
    formatAmount(creator.spend_cents),
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
  const today = todayUtc();
  return {
    filename: `creators-${status}-${fileSlug(campaign.name)}-${today}.csv`,
    header: CREATORS_CSV_HEADER,
    fetchPage: (cursor, signal) =>
      api.GET('/campaigns/{campaign_id}/creators', CreatorPage, {
        params: {
          path: { campaign_id: campaign.id },
          query: { status, limit: 100, starting_after: cursor ?? undefined },
        },
        signal,
      }),
    toRow: creatorCsvRow,
  };
}
