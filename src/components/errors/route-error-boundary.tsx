import { useRouteError } from 'react-router';
import { CenteredPage } from '../layout/centered-page';
import { ErrorPanel } from './error-panel';

/** A screen's boundary: the shell stays, the screen's area explains the failure. */
export function RouteErrorBoundary() {
  return <ErrorPanel error={useRouteError()} />;
}

/** The last line (root route): a whole page, for failures outside any screen. */
export function RootErrorBoundary() {
  return (
    <CenteredPage>
      <ErrorPanel error={useRouteError()} />
    </CenteredPage>
  );
}
