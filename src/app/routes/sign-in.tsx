import { CenteredPage } from '#components/layout/centered-page';
import { SignInScreen } from '#features/session/components/sign-in-screen';

export function SignInRoute() {
  return (
    <CenteredPage>
      <SignInScreen />
    </CenteredPage>
  );
}
