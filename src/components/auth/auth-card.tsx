import { clsx } from 'clsx';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';

/** What went wrong with a sign-in or a join, in words. */
export type FormProblem = { title: string; description: string };

/**
 * The card of a screen used before signing in (sign in, join): the page's title, its heading,
 * what it is for, and a warning such as "You were signed out".
 */
export function AuthCard({
  pageTitle,
  heading,
  intro,
  warning,
  className,
  children,
}: {
  pageTitle: string;
  heading: string;
  intro?: ReactNode;
  warning?: { title: string; text: ReactNode } | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx('rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8', className)}
    >
      <title>{pageTitle}</title>
      <h1 className="text-xl font-semibold text-gray-900">{heading}</h1>
      {intro ? <p className="mt-2 text-sm text-gray-600">{intro}</p> : null}
      {warning ? (
        <Alert tone="warning" title={warning.title} className="mt-4" live={false}>
          {warning.text}
        </Alert>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The form of an `AuthCard`, giving its fields (`AuthInputField`, `AuthSecretField`) the
 * react-hook-form `form`; the schema checks the fields, so the browser's checks are off.
 */
export function AuthForm<V extends FieldValues, Output>({
  form,
  onSubmit,
  children,
}: {
  form: UseFormReturn<V, unknown, Output>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={onSubmit}
        aria-busy={form.formState.isSubmitting}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The end of an `AuthForm`: what went wrong, and the full-width submit button, which says to a
 * screen reader what is being done while it runs.
 */
export function AuthFormEnd({
  problem,
  action,
  working,
}: {
  problem: FormProblem | null;
  /** "Sign in" */
  action: string;
  /** Read out while submitting, e.g. "Checking the key…". */
  working: string;
}) {
  const submitting = useFormState().isSubmitting;
  return (
    <>
      {problem ? (
        <Alert tone="error" title={problem.title}>
          {problem.description}
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4" /> : null}
        {action}
      </Button>
      <p role="status" className="sr-only">
        {submitting ? working : ''}
      </p>
    </>
  );
}
