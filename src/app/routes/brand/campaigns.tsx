import type { QueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { ScreenHeader } from '#components/layout/screen-header';
import { buttonClasses } from '#components/ui/button';
import { paths } from '#config/paths';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { CampaignList } from '#features/campaigns/components/campaign-list';
import { effectiveBrand, readListView, serviceFilters } from '#features/campaigns/list-view';
import { meQueryOptions } from '#features/session/api/me';
import { useCan, useCurrentBrand, useMe } from '#features/session/use-me';

/**
 * Starts loading the first page of the list the URL describes, without waiting: the screen shows
 * its filters at once, then its own loading and error states.
 */
export const campaignsLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    // The brand route's loader asks for /me too (one request); without it there is no list.
    const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (!me) return null;
    const brandId = params.brandId ?? '';
    const view = readListView(new URL(request.url).searchParams);
    const agencyBrandIds = me.key.kind === 'agency' ? me.brands.map((brand) => brand.id) : null;
    const brand = effectiveBrand(view, agencyBrandIds, brandId);
    void queryClient.prefetchInfiniteQuery(
      campaignListOptions(brandId, serviceFilters(view, brand)),
    );
    return null;
  };

/** `/brands/:brandId/campaigns` */
export function CampaignsScreen() {
  const me = useMe();
  const brand = useCurrentBrand();
  const canWrite = useCan('campaigns:write');
  return (
    <>
      <ScreenHeader
        title="Campaigns"
        context={brand.name}
        description={`The campaigns of ${brand.name}: their status, deadlines, spend and tasks.`}
        actions={
          canWrite ? (
            <Link to={paths.campaignNew.href(brand.id)} className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="size-4" />
              New campaign
            </Link>
          ) : null
        }
      />
      <CampaignList
        brand={brand}
        agencyBrands={me.key.kind === 'agency' ? me.brands : null}
        canWrite={canWrite}
      />
    </>
  );
}
