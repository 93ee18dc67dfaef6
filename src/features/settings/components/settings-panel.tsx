import type { Scope } from '#contract/me';
import { Alert } from '#components/ui/alert';
import { canManageKeys, canManageMembers, canOpenSettings } from '../access';
import { KeysSection } from './keys-section';
import { MembersSection } from './members-section';

/**
 * The Settings screen's body: Members (with `members:write`) and API keys (with `keys:write`).
 * Without either, it says so (the navigation does not offer it; this is for a typed address).
 */
export function SettingsPanel({
  scopes,
  brand,
  agencyName,
  selfId,
  currentKeyId,
  onOwnRoleChanged,
}: {
  scopes: readonly Scope[];
  brand: { id: string; name: string };
  agencyName: string | null;
  selfId: string | null;
  currentKeyId: string;
  onOwnRoleChanged: () => void;
}) {
  if (!canOpenSettings(scopes)) {
    return (
      <Alert tone="warning" title="You do not have access to Settings" live={false}>
        Settings manage members and API keys, which needs the members:write or keys:write scope. Ask
        an admin of {brand.name} if you need to invite someone or to have a key made.
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      {canManageMembers(scopes) ? (
        <MembersSection
          team={{ brandId: brand.id, brandName: brand.name, agencyName }}
          selfId={selfId}
          onOwnRoleChanged={onOwnRoleChanged}
        />
      ) : null}
      {canManageKeys(scopes) ? (
        <KeysSection
          ownerName={agencyName ?? brand.name}
          ownScopes={scopes}
          currentKeyId={currentKeyId}
        />
      ) : null}
    </div>
  );
}
