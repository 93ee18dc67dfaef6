import { ScreenHeader } from '#components/layout/screen-header';
import { Alert } from '#components/ui/alert';
import { CodesPanel } from '#features/codes/components/codes-panel';
import { useCan, useCurrentBrand } from '#features/session/use-me';

/** `/brands/:brandId/codes?group=…&show=assigned|unassigned` */
export function CodesScreen() {
  const brand = useCurrentBrand();
  const canReadCodes = useCan('codes:read');
  const canWriteCodes = useCan('codes:write');
  return (
    <>
      <ScreenHeader
        title="Codes"
        context={brand.name}
        description={`Discount codes of the code groups of ${brand.name}: who holds each code, how often it was used and what it earned.`}
      />
      {canReadCodes ? (
        <CodesPanel brandId={brand.id} canWrite={canWriteCodes} />
      ) : (
        <Alert tone="warning" title="This key cannot read codes" live={false} className="mb-6">
          Codes need the codes:read scope, which this key does not have. Ask for a key with it.
        </Alert>
      )}
    </>
  );
}
