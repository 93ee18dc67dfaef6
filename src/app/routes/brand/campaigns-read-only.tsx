import { Link } from 'react-router';
import { ScreenHeader } from '#components/layout/screen-header';
import { ReadOnlyNote } from '#components/ui/read-only-note';
import { paths } from '#config/paths';
import { useCurrentBrand } from '#features/session/use-me';

/** The builder's place for someone who may not create or edit campaigns (a link led here). */
export function CampaignsReadOnly({ title }: { title: string }) {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader title={title} context={brand.name} />
      <ReadOnlyNote>
        Your access lets you look at campaigns, not create or edit them.{' '}
        <Link
          to={paths.campaigns.href(brand.id)}
          className="font-medium text-indigo-800 hover:underline"
        >
          Back to campaigns
        </Link>
      </ReadOnlyNote>
    </>
  );
}
