import { useQuery } from '@tanstack/react-query';
import type { Scope } from '#contract/me';
import type { KeySummary } from '#contract/people';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#components/ui/badge';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { describeError } from '#lib/api-client';
import { formatDate } from '#lib/format';
import { notify } from '#lib/notify';
import { keysOptions, useRevokeKey } from '../api/people';
import { CreateKeyDialog } from './create-key-dialog';
import { RowAction, SettingsListSection, SettingsRow } from './section';

const GRID =
  'md:grid md:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)_minmax(0,1fr)_6.5rem] md:items-start md:gap-4';

/** Keys made on the platform side may have no name: the prefix below tells them apart. */
const keyName = (key: KeySummary) => key.name ?? 'Unnamed key';
const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The key in a sentence or a control's name, unique even when it has no name. */
const keyRef = (key: KeySummary) => key.name ?? `the unnamed key ${key.prefix}…`;

/**
 * The API keys of the brand (or agency): create one with scopes (shown once), revoke one. The
 * service does not record when a key was last used, so this does not say. Only shown to a
 * credential with `keys:write`.
 */
export function KeysSection({
  ownerName,
  ownScopes,
  currentKeyId,
}: {
  ownerName: string;
  ownScopes: readonly Scope[];
  /** The key (or session) this console is signed in with. */
  currentKeyId: string;
}) {
  const keys = useQuery(keysOptions());
  const revoke = useRevokeKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<KeySummary | null>(null);
  // Active keys first, each group newest first.
  const shown = [...(keys.data ?? [])].sort(
    (a, b) =>
      Number(a.revoked_at !== null) - Number(b.revoked_at !== null) ||
      b.created_at.localeCompare(a.created_at),
  );

  return (
    <SettingsListSection
      id="settings-keys"
      title="API keys"
      description={`Keys let programs act for ${ownerName} without signing in. A key is shown only when it is created.`}
      add={{ icon: Plus, label: 'Create a key', onClick: () => setCreating(true) }}
      query={keys}
      loading="Loading API keys…"
      errorTitle="API keys could not be loaded"
      empty={
        shown.length === 0
          ? {
              icon: KeyRound,
              title: 'No API keys yet',
              text: (
                <>
                  Create one for a program that should act for {ownerName}, with only the scopes it
                  needs.
                </>
              ),
            }
          : null
      }
      grid={GRID}
      columns={['Name', 'Scopes', 'Created']}
      listLabel="API keys"
      rows={shown.map((key) => {
        const revoked = key.revoked_at !== null;
        return (
          <SettingsRow
            key={key.id}
            data-key-id={key.id}
            grid={GRID}
            className={revoked ? 'bg-gray-50' : undefined}
          >
            <div className="min-w-0">
              <span
                className={`font-medium break-words ${revoked ? 'text-gray-600 line-through' : 'text-gray-900'}`}
              >
                {keyName(key)}
              </span>
              <span className="block font-mono text-xs text-gray-600">{key.prefix}…</span>
              <span className="mt-1 flex flex-wrap gap-1">
                {revoked ? (
                  <Badge tone="red">Revoked {formatDate(key.revoked_at)}</Badge>
                ) : (
                  <Badge tone="green">Active</Badge>
                )}
                {key.id === currentKeyId ? <Badge tone="indigo">This sign-in</Badge> : null}
              </span>
            </div>
            <ul
              aria-label={`Scopes of ${keyRef(key)}`}
              className="col-span-2 flex min-w-0 flex-wrap gap-1 md:col-span-1"
            >
              {key.scopes.map((scope) => (
                <li key={scope}>
                  <Badge className="font-mono">{scope}</Badge>
                </li>
              ))}
            </ul>
            <span className="col-span-2 text-sm break-words text-gray-600 md:col-span-1">
              <span className="md:sr-only">Created </span>
              {formatDate(key.created_at)}
              <span className="block text-xs">by {key.created_by}</span>
            </span>
            <RowAction
              action={
                revoked
                  ? null
                  : {
                      label: 'Revoke',
                      name: `Revoke ${keyRef(key)}`,
                      onClick: () => {
                        revoke.reset();
                        setRevoking(key);
                      },
                    }
              }
            />
          </SettingsRow>
        );
      })}
    >
      <CreateKeyDialog
        ownScopes={ownScopes}
        ownerName={ownerName}
        open={creating}
        onOpenChange={setCreating}
      />

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={`Revoke ${revoking ? keyRef(revoking) : ''}?`}
        description={
          revoking?.id === currentKeyId
            ? 'This console is signed in with this key: you will be signed out at once. Programs using it stop working too. A revoked key cannot be used again.'
            : 'Programs using this key stop working at once. A revoked key cannot be used again; create a new one if needed.'
        }
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? describeError(revoke.error).description : null}
        errorTitle="Not revoked"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify.success(`${sentenceStart(keyRef(revoking))} was revoked`);
              setRevoking(null);
            },
          })
        }
      />
    </SettingsListSection>
  );
}
