import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '#components/form/form-field';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Checkbox } from '#components/ui/checkbox';
import { Spinner } from '#components/ui/spinner';

/** What went wrong with a sign-in, in words. */
export type FormProblem = { title: string; description: string };

/**
 * The end of both sign-in forms (e-mail and password, API key): "remember on this device", what
 * went wrong, and Sign in, which says to a screen reader what is being checked while it runs.
 */
export function SignInFormEnd({
  remember,
  rememberLabel,
  rememberDescription,
  problem,
  submitting,
  checking,
}: {
  remember: UseFormRegisterReturn<'remember'>;
  rememberLabel: string;
  rememberDescription: string;
  problem: FormProblem | null;
  submitting: boolean;
  /** Read out while signing in, e.g. "Checking the key…". */
  checking: string;
}) {
  return (
    <>
      <CheckboxField label={rememberLabel} description={rememberDescription}>
        {(control) => <Checkbox {...control} {...remember} />}
      </CheckboxField>

      {problem ? (
        <Alert tone="error" title={problem.title}>
          {problem.description}
        </Alert>
      ) : null}

      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4" /> : null}
        Sign in
      </Button>
      <p role="status" className="sr-only">
        {submitting ? checking : ''}
      </p>
    </>
  );
}
