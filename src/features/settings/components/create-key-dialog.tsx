import { TEXT_LIMITS } from '#contract/common';
import type { Scope } from '#contract/me';
import type { KeyCreated } from '#contract/people';
import { useId, useState } from 'react';
import { FormField } from '#components/form/form-field';
import { Alert } from '#components/ui/alert';
import { Checkbox } from '#components/ui/checkbox';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Input } from '#components/ui/input';
import { describeError } from '#lib/api-client';
import { useCreateKey } from '../api/people';
import { offeredScopes, SCOPE_SUMMARIES } from '../scopes';
import { fieldErrorsOf, sentence } from '../service-errors';
import { DialogFormEnd } from './dialog-form-end';
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateKey();
  const { offered, withheld } = offeredScopes(ownScopes);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['campaigns:read']);
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<KeyCreated | null>(null);

  const trimmed = name.trim();
  const nameProblem =
    trimmed === ''
      ? 'Name the key after what will use it, e.g. “Shop integration”.'
      : trimmed.length > TEXT_LIMITS.name
        ? `Use at most ${TEXT_LIMITS.name} characters.`
        : null;
  const scopesProblem = scopes.length === 0 ? 'Choose at least one scope.' : null;
  const served = fieldErrorsOf(create.error, ['name', 'scopes'] as const);
  const nameError = (checked ? nameProblem : null) ?? served.name;
  const scopesError = (checked ? scopesProblem : null) ?? served.scopes;
  const other =
    create.isError && !served.name && !served.scopes ? describeError(create.error) : null;

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setName('');
      setScopes(['campaigns:read']);
      setChecked(false);
      create.reset();
    }
    onOpenChange(next);
  };

  return (
    <>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title="Create an API key"
          description={`A key lets a program act for ${ownerName} without anyone signing in. Give it only the scopes it needs.`}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        >
          <form
            noValidate
            className="space-y-4"
            aria-busy={create.isPending}
            onSubmit={(e) => {
              e.preventDefault();
              setChecked(true);
              if (nameProblem || scopesProblem) return;
              create.mutate(
                { name: trimmed, scopes: offered.filter((s) => scopes.includes(s)) },
                {
                  onSuccess: (answer) => {
                    close(false);
                    setCreated(answer);
                  },
                },
              );
            }}
          >
            <FormField
              label="Name"
              required
              error={nameError ? sentence(nameError) : undefined}
              count={{ length: trimmed.length, max: TEXT_LIMITS.name }}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={TEXT_LIMITS.name}
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    if (create.isError) create.reset();
                  }}
                />
              )}
            </FormField>
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
                      onChange={(e) => {
                        setScopes((current) =>
                          e.target.checked
                            ? [...current, scope]
                            : current.filter((s) => s !== scope),
                        );
                        if (create.isError) create.reset();
                      }}
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
            <DialogFormEnd
              problem={other}
              nothingDone="No key was created."
              pending={create.isPending}
              onCancel={() => close(false)}
              action="Create key"
              pendingAction="Creating…"
            />
          </form>
        </DialogContent>
      </Dialog>
      <SecretDialog
        title={created ? `Key “${created.name}” created` : 'Key created'}
        label="API key"
        value={created?.key ?? null}
        copyLabel="Copy key"
        copiedMessage="API key copied"
        onClose={() => setCreated(null)}
      >
        <Alert tone="warning" title="You will not see this key again" live={false}>
          Copy it now and keep it where secrets belong (a password manager or your program’s secret
          store). Campaign Console keeps only its first characters.
        </Alert>
        {created ? (
          <p>
            Scopes: <span className="font-mono">{created.scopes.join(', ')}</span>
          </p>
        ) : null}
      </SecretDialog>
    </>
  );
}
