import { TicketPercent } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand, useMe } from '../../../features/session/use-me';

/** `/brands/:brandId/codes` */
export function CodesScreen() {
  const brand = useCurrentBrand();
  const canReadCodes = useMe().key.scopes.includes('codes:read');
  return (
    <>
      <ScreenHeader
        title="Codes"
        context={brand.name}
        description={`Discount codes of ${brand.name}’s code groups: who holds each code, how often it was used and what it earned.`}
      />
      {canReadCodes ? null : (
        <Alert tone="warning" title="This key cannot read codes" live={false} className="mb-6">
          Codes need the codes:read scope, which this key does not have. Ask for a key with it.
        </Alert>
      )}
      <EmptyState icon={TicketPercent} title="Nothing here yet">
        No codes are listed on this screen yet. This is where each code will appear with its uses
        and the creator it is assigned to.
      </EmptyState>
    </>
  );
}
