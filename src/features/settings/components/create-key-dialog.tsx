import { TEXT_LIMITS } from '#contract/common';
import type { Scope } from '#contract/me';
import { useId } from 'react';
import { Alert } from '#components/ui/alert';
import { Checkbox } from '#components/ui/checkbox';
import { useCreateKey } from '../api/people';
import { offeredScopes, SCOPE_SUMMARIES } from '../scopes';
import { sentence } from '../service-errors';
import { DialogTextField, FormDialog, useFormDialog, type DialogOpenState } from './form-dialog';
import { SecretDialog } from './secret-dialog';

/**
 * Creates an API key with a name and scopes. Only the scopes of the signed-in credential are
 * offered (the service refuses more); the new key is shown once, in a second dialog.
 */
export function CreateKeyDialog({
  ownScopes,
  ownerName,
  open,
  onOpenChange,
}: {
  ownScopes: readonly Scope[];
  /** Whose key it is: the brand or the agency. */
  ownerName: string;
} & DialogOpenState) {
  const id = useId();
  const create = useCreateKey();
  const { offered, withheld } = offeredScopes(ownScopes);
  const form = useFormDialog({
    mutation: create,
    initial: { name: '', scopes: ['campaigns:read'] as Scope[] },
    onOpenChange,
  });
  const { name, scopes } = form.values;

  const trimmed = name.trim();
  const nameProblem =
    trimmed === ''
      ? 'Name the key after what will use it, e.g. “Shop integration”.'
      : trimmed.length > TEXT_LIMITS.name
        ? `Use at most ${TEXT_LIMITS.name} characters.`
        : null;
  const scopesProblem = scopes.length === 0 ? 'Choose at least one scope.' : null;
  const scopesError = form.errorOf('scopes', scopesProblem);

  return (
    <>
      <FormDialog
        open={open}
        onClose={form.close}
        title="Create an API key"
        description={`A key lets a program act for ${ownerName} without anyone signing in. Give it only the scopes it needs.`}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        pending={create.isPending}
        onSubmit={() =>
          form.submit(nameProblem !== null || scopesProblem !== null, {
            name: trimmed,
            scopes: offered.filter((s) => scopes.includes(s)),
          })
        }
        problem={form.other}
        nothingDone="No key was created."
        action="Create key"
        pendingAction="Creating…"
      >
        <DialogTextField
          label="Name"
          autoComplete="off"
          max={TEXT_LIMITS.name}
          value={name}
          error={form.errorOf('name', nameProblem)}
          onChange={(value) => form.edit('name', value)}
        />
        <fieldset
          className="space-y-2"
          aria-describedby={`${id}-limit${scopesError ? ` ${id}-scopes-error` : ''}`}
        >
          <legend className="text-sm font-medium text-gray-900">Scopes</legend>
          <p id={`${id}-limit`} className="text-sm text-gray-600">
            A key never has more scopes than you.{' '}
            {withheld.length === 0
              ? `You have all ${offered.length}, so every scope is offered.`
              : `You have ${offered.length} of ${offered.length + withheld.length}; not offered: ${withheld.join(', ')}.`}
          </p>
          <ul className="space-y-2">
            {offered.map((scope) => (
              <li key={scope} className="flex items-start gap-2">
                <Checkbox
                  id={`${id}-${scope}`}
                  className="mt-0.5"
                  checked={scopes.includes(scope)}
                  aria-describedby={`${id}-${scope}-summary`}
                  onChange={(e) =>
                    form.edit(
                      'scopes',
                      e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope),
                    )
                  }
                />
                <label htmlFor={`${id}-${scope}`} className="text-sm">
                  <span className="font-mono text-gray-900">{scope}</span>
                  <span id={`${id}-${scope}-summary`} className="block text-gray-600">
                    {SCOPE_SUMMARIES[scope]}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {scopesError ? (
            <p id={`${id}-scopes-error`} className="text-sm text-red-700">
              {sentence(scopesError)}
            </p>
          ) : null}
        </fieldset>
      </FormDialog>
      <SecretDialog
        title={form.created ? `Key “${form.created.name}” created` : 'Key created'}
        label="API key"
        value={form.created?.key ?? null}
        copyLabel="Copy key"
        copiedMessage="API key copied"
        onClose={form.forgetCreated}
      >
        <Alert tone="warning" title="You will not see this key again" live={false}>
          Copy it now and keep it where secrets belong (a password manager or your program’s secret
          store). Campaign Console keeps only its first characters.
        </Alert>
        {form.created ? (
          <p>
            Scopes: <span className="font-mono">{form.created.scopes.join(', ')}</span>
          </p>
        ) : null}
      </SecretDialog>
    </>
  );
}
