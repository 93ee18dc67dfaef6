import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Campaign } from '#contract/campaigns';
import type { Targeting } from '#contract/targeting';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorPanel } from '#components/errors/error-panel';
import { documentTitle, ScreenHeader } from '#components/layout/screen-header';
import { buttonClasses } from '#components/ui/button';
import { LoadingState, Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { activitySearch } from '#features/activity/activity-filters';
import { HistoryPanel } from '#features/activity/components/history-panel';
import { campaignTasksOptions } from '#features/campaigns/api/campaigns';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { backToList } from '#features/campaigns/back-link';
import { CampaignActions } from '#features/campaigns/components/campaign-actions';
import { CampaignOverview } from '#features/campaigns/components/campaign-overview';
import { CampaignTasks } from '#features/campaigns/components/campaign-tasks';
import { PendingReviewPanel } from '#features/campaigns/components/pending-review-panel';
import { StatusBadge } from '#features/campaigns/components/status-badge';
import { StatusDetailAlert } from '#features/campaigns/components/status-detail-alert';
import { useCan, useCurrentBrand } from '#features/session/use-me';
import {
  targetingPropertiesQueryOptions,
  targetingValuesQueryOptions,
} from '#components/targeting/api/targeting-queries';
import { describeTargeting } from '#components/targeting/describe-targeting';
import { isApiError } from '#lib/api-client';

/** What the loader throws when the campaign does not exist for this key. */
const CAMPAIGN_NOT_FOUND = 'campaign_not_found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The campaign, before the page shows. An unknown campaign (or another key's: the service answers
 * 404 for both) is "not found"; a campaign of another of the key's brands opens under its brand.
 */
export const campaignLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const brandId = params.brandId ?? '';
    const campaignId = params.campaignId ?? '';
    const notFound = () => data({ reason: CAMPAIGN_NOT_FOUND }, { status: 404 });
    if (!UUID.test(campaignId)) throw notFound();
    let campaign;
    try {
      campaign = await queryClient.ensureQueryData(campaignDetailOptions(brandId, campaignId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
    if (campaign.brand_id !== brandId) {
      throw redirect(paths.campaign.href(campaign.brand_id, campaign.id));
    }
    return null;
  };

/** `/brands/:brandId/campaigns/:campaignId` (its loader has fetched the campaign). */
export function CampaignDetailScreen() {
  const { campaignId = '' } = useParams();
  const brand = useCurrentBrand();
  const canWrite = useCan('campaigns:write');
  const navigate = useNavigate();
  const location = useLocation();
  // Once deleted, the campaign stays on screen (no refetch) until the list has opened.
  const [deleted, setDeleted] = useState(false);
  const { data: campaign } = useQuery({
    ...campaignDetailOptions(brand.id, campaignId),
    enabled: !deleted,
    ...(deleted ? { placeholderData: (previous: Campaign | undefined) => previous } : {}),
  });
  // Tasks come embedded in the campaign; a service that leaves them out is asked separately.
  const { data: taskPage } = useQuery({
    ...campaignTasksOptions(brand.id, campaignId),
    enabled: campaign !== undefined && campaign.tasks === undefined && !deleted,
  });
  const tasks = campaign?.tasks ?? taskPage?.data;

  if (!campaign) return <LoadingState label="Loading the campaign…" />;

  // Back to the list the user came from (its filters), else this brand's list.
  const listHref = backToList(location.state, paths.campaigns.href(brand.id));
  return (
    <>
      <Link
        to={listHref}
        className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to campaigns
      </Link>
      <ScreenHeader
        title={campaign.name}
        context={brand.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge status={campaign.status} />
            <span>
              <span className="sr-only">Brand: </span>
              {campaign.brand_name}
            </span>
          </span>
        }
        actions={
          <CampaignActions
            campaign={campaign}
            brandId={brand.id}
            canWrite={canWrite}
            onDeleted={() => {
              setDeleted(true);
              void navigate(listHref);
            }}
          />
        }
      />
      <StatusDetailAlert detail={campaign.status_detail} />
      <PendingReviewPanel campaign={campaign} brandId={brand.id} canWrite={canWrite} />
      <CampaignOverview
        campaign={campaign}
        targeting={<TargetingSentence targeting={campaign.targeting} />}
      />
      <section aria-labelledby="campaign-tasks" className="mt-8">
        <h2 id="campaign-tasks" className="mb-3 text-lg font-semibold text-gray-900">
          Tasks{tasks ? ` (${tasks.length})` : ''}
        </h2>
        {tasks ? <CampaignTasks tasks={tasks} /> : <LoadingState label="Loading the tasks…" />}
      </section>
      {deleted ? null : (
        <div className="mt-8">
          <HistoryPanel
            brandId={brand.id}
            query={{ campaign_id: campaign.id }}
            showAllHref={paths.activity.href(brand.id, activitySearch({ campaign: campaign.id }))}
          />
        </div>
      )}
    </>
  );
}

/** The targeting rule as a sentence, with the names of properties and values where known. */
function TargetingSentence({ targeting }: { targeting: Targeting | null }) {
  const properties = useQuery({
    ...targetingPropertiesQueryOptions(),
    enabled: targeting !== null,
  });
  const optionIds = [
    ...new Set(targeting?.groups.flatMap((g) => g.conditions.map((c) => c.property)) ?? []),
  ].filter((id) => properties.data?.some((p) => p.id === id && p.kind === 'option'));
  const values = useQueries({
    queries: optionIds.map((id) => targetingValuesQueryOptions(id)),
  });
  if (targeting === null) return <>Open to all creators.</>;
  if (properties.isPending) return <Spinner label="Loading who can join…" />;
  const labels = Object.fromEntries(optionIds.map((id, index) => [id, values[index]?.data]));
  return <>{describeTargeting(targeting, properties.data ?? [], labels)}</>;
}

/** The page's boundary: a clear "Campaign not found", or the shared error panel. */
export function CampaignErrorBoundary() {
  const error = useRouteError();
  const { brandId = '' } = useParams();
  const notFound =
    isRouteErrorResponse(error) &&
    (error.data as { reason?: unknown } | null)?.reason === CAMPAIGN_NOT_FOUND;
  if (!notFound) return <ErrorPanel error={error} />;
  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <title>{documentTitle('Campaign not found')}</title>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-gray-900">Campaign not found</h1>
      <p className="mt-2 text-sm text-gray-600">
        It may have been deleted, or the link points to a campaign of a brand this key does not act
        for.
      </p>
      <Link to={paths.campaigns.href(brandId)} className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to campaigns
      </Link>
    </div>
  );
}
