import { useFormContext } from 'react-hook-form';
import { AuthFormEnd, type FormProblem } from '#components/auth/auth-card';
import { CheckboxField } from '#components/form/form-field';
import { Checkbox } from '#components/ui/checkbox';

/**
 * The end of both sign-in forms (e-mail and password, API key): "remember on this device" (the
 * form's `remember`), what went wrong, and Sign in, which says to a screen reader what is being
 * checked while it runs.
 */
export function SignInFormEnd({
  rememberLabel,
  rememberDescription,
  problem,
  checking,
}: {
  rememberLabel: string;
  rememberDescription: string;
  problem: FormProblem | null;
  /** Read out while signing in, e.g. "Checking the key…". */
  checking: string;
}) {
  const { register } = useFormContext<{ remember: boolean }>();
  return (
    <>
      <CheckboxField label={rememberLabel} description={rememberDescription}>
        {(control) => <Checkbox {...control} {...register('remember')} />}
      </CheckboxField>
      <AuthFormEnd problem={problem} action="Sign in" working={checking} />
    </>
  );
}
