import { useQueryClient } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { sessionKeys } from '#features/session/api/me';
import { useCurrentBrand, useMe } from '#features/session/use-me';
import { SettingsPanel } from '#features/settings/components/settings-panel';

/** `/brands/:brandId/settings`: members and API keys, for those who manage them. */
export function SettingsScreen() {
  const me = useMe();
  const brand = useCurrentBrand();
  const queryClient = useQueryClient();
  return (
    <>
      <ScreenHeader
        title="Settings"
        context={brand.name}
        description={`Who works on ${brand.name} and what they may do, and the API keys programs use.`}
      />
      <SettingsPanel
        scopes={me.key.scopes}
        brand={brand}
        agencyName={me.agency?.name ?? null}
        selfId={me.member?.id ?? null}
        currentKeyId={me.key.id}
        // A new role changes what this session may do: read `/me` again (navigation, controls).
        onOwnRoleChanged={() => void queryClient.invalidateQueries({ queryKey: sessionKeys.me() })}
      />
    </>
  );
}
