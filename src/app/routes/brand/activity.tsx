import { ScreenHeader } from '#components/layout/screen-header';
import { ActivityPanel } from '#features/activity/components/activity-panel';
import { useCurrentBrand } from '#features/session/use-me';

/** `/brands/:brandId/activity?campaign=…&who=…&action=…&from=…&to=…` */
export function ActivityScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Activity"
        context={brand.name}
        description={`Who changed what in ${brand.name}: decisions on submissions and creators, campaign edits, codes, people and keys, newest first.`}
      />
      {/* The campaign filter is a picker and entries name their campaigns by id: no list of every campaign is read. */}
      <ActivityPanel brandId={brand.id} />
    </>
  );
}
