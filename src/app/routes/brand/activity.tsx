import { useInfiniteQuery } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { ActivityPanel } from '#features/activity/components/activity-panel';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { useCurrentBrand } from '#features/session/use-me';
import { useEveryPage } from '#lib/paging';

/** `/brands/:brandId/activity?campaign=…&who=…&action=…&from=…&to=…` */
export function ActivityScreen() {
  const brand = useCurrentBrand();
  // Campaign names for the filter and each entry; the trail shows without them while they load.
  const campaigns = useInfiniteQuery(campaignListOptions(brand.id, {}));
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((p) => p.data.map(({ id, name }) => ({ id, name })));
  return (
    <>
      <ScreenHeader
        title="Activity"
        context={brand.name}
        description={`Who changed what in ${brand.name}: decisions on submissions and creators, campaign edits, codes, people and keys, newest first.`}
      />
      <ActivityPanel brandId={brand.id} campaigns={list ?? []} />
    </>
  );
}
