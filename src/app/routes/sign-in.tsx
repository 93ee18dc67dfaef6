import { CenteredPage } from '#components/layout/centered-page';
import { KeyScreen } from '#features/session/components/key-screen';

export function SignInRoute() {
  return (
    <CenteredPage>
      <KeyScreen />
    </CenteredPage>
  );
}
