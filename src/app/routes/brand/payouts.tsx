import { ScreenHeader } from '#components/layout/screen-header';
import { Alert } from '#components/ui/alert';
import { PayoutsPanel } from '#features/payouts/components/payouts-panel';
import { useCan, useCurrentBrand } from '#features/session/use-me';

/** `/brands/:brandId/payouts?by=campaign&period=30d` */
export function PayoutsScreen() {
  const brand = useCurrentBrand();
  const canRead = useCan('campaigns:read');
  return (
    <>
      <ScreenHeader
        title="Payouts"
        context={brand.name}
        description={`What creators of ${brand.name} earned, from their discount codes and from payouts, per creator or per campaign.`}
      />
      {canRead ? (
        <PayoutsPanel brand={brand} />
      ) : (
        <Alert tone="warning" title="This key cannot read payouts" live={false} className="mb-6">
          Payouts need the campaigns:read scope, which this key does not have. Ask for a key with
          it.
        </Alert>
      )}
    </>
  );
}
