import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { FormField } from '#components/form/form-field';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Input } from '#components/ui/input';
import { Spinner } from '#components/ui/spinner';
import { describeError } from '#lib/api-client';
import { fieldErrorsOf, sentence } from '../service-errors';

/** Whether a dialog is open, held by what opens it. */
export type DialogOpenState = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The state of a Settings dialog that creates something shown once (a key, an invitation): the
 * form's values, its own problems shown after the first submit and the service's per field;
 * closing forgets what was typed; a success closes the form and keeps the answer for the secret
 * dialog.
 */
export function useFormDialog<TAnswer, TError, TVariables, V extends Record<string, unknown>>({
  mutation,
  initial,
  onOpenChange,
}: {
  /** Sends the form's values. */
  mutation: UseMutationResult<TAnswer, TError, TVariables>;
  /** The form's fields as it opens; the service may name each in its refusal. */
  initial: V;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<TAnswer | null>(null);
  const fields = Object.keys(initial) as (keyof V & string)[];
  const served = fieldErrorsOf(mutation.error, fields);

  const set = <K extends keyof V>(field: K, value: V[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const close = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      setValues(initial);
      setChecked(false);
      mutation.reset();
    }
    onOpenChange(next);
  };

  return {
    values,
    set,
    /** Sets a field the service may have refused: what it said about the last attempt goes. */
    edit: <K extends keyof V>(field: K, value: V[K]) => {
      set(field, value);
      if (mutation.isError) mutation.reset();
    },
    /** A field's problem: the form's own once submitted, else the service's. */
    errorOf: (field: keyof V & string, problem: string | null) =>
      (checked ? problem : null) ?? served[field],
    /** A refusal that names no field. */
    other:
      mutation.isError && fields.every((field) => !served[field])
        ? describeError(mutation.error)
        : null,
    created,
    forgetCreated: () => setCreated(null),
    close,
    submit: (hasProblem: boolean, variables: TVariables) => {
      setChecked(true);
      if (hasProblem) return;
      mutation.mutate(variables, {
        onSuccess: (answer) => {
          close(false);
          setCreated(answer);
        },
      });
    },
  };
}

/**
 * A Settings dialog's form: its fields, then what went wrong (and that nothing was done), Cancel,
 * and the action, which says what it is doing while it runs.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  pending,
  onSubmit,
  problem,
  nothingDone,
  action,
  pendingAction,
  children,
}: {
  open: boolean;
  onClose: (open: boolean) => void;
  title: string;
  description: string;
  className?: string;
  pending: boolean;
  onSubmit: () => void;
  problem: { title: string; description: string } | null;
  /** "No key was created." */
  nothingDone: string;
  action: string;
  /** "Creating…" */
  pendingAction: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onClose}>
      <DialogContent title={title} description={description} className={className}>
        <form
          noValidate
          className="space-y-4"
          aria-busy={pending}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {problem ? (
            <Alert tone="error" title={problem.title}>
              {problem.description} {nothingDone}
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={pending} onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner className="size-4" /> : null}
              {pending ? pendingAction : action}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A required text field of a Settings dialog, with its length against the contract's bound and
 * its problem as a sentence.
 */
export function DialogTextField({
  label,
  value,
  max,
  error,
  onChange,
  ...input
}: {
  label: string;
  value: string;
  max: number;
  error: string | null | undefined;
  onChange: (value: string) => void;
} & Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'maxLength'>) {
  return (
    <FormField
      label={label}
      required
      error={error ? sentence(error) : undefined}
      count={{ length: value.trim().length, max }}
    >
      {(control) => (
        <Input
          {...control}
          {...input}
          maxLength={max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
