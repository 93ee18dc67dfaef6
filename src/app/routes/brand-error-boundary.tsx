import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPanel } from '#components/errors/error-panel';
import { CenteredPage } from '#components/layout/centered-page';
import { documentTitle } from '#components/layout/screen-header';
import { Button, buttonClasses } from '#components/ui/button';
import { paths } from '#config/paths';
import { meQueryOptions } from '#features/session/api/me';
import { signOut } from '#features/session/sign-out';
import { BRAND_UNAVAILABLE } from '../loaders';

function isBrandUnavailable(error: unknown) {
  return (
    isRouteErrorResponse(error) &&
    (error.data as { reason?: unknown } | null)?.reason === BRAND_UNAVAILABLE
  );
}

/** The brand routes' boundary: "not available to this key", or any other failure as a page. */
export function BrandErrorBoundary() {
  const error = useRouteError();
  if (isBrandUnavailable(error)) return <BrandUnavailable />;
  return (
    <CenteredPage>
      <ErrorPanel error={error} />
    </CenteredPage>
  );
}

function BrandUnavailable() {
  const { data: me } = useQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const first = me?.brands[0];
  return (
    <CenteredPage>
      <div className="max-w-lg rounded-lg border border-gray-200 bg-white p-8 shadow-sm">
        <title>{documentTitle('Brand not available')}</title>
        <h1 className="text-xl font-semibold text-gray-900">
          This brand is not available to this key
        </h1>
        <p className="mt-2 text-sm text-gray-600">
          The address points to a brand that the key you signed in with does not act for. Ask the
          person who shared the link for access, continue with a brand this key can use, or sign in
          with another key.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {first ? (
            <Link to={paths.campaigns.href(first.id)} className={buttonClasses('primary')}>
              Go to {first.name}
            </Link>
          ) : (
            <Link to={paths.home.href()} className={buttonClasses('primary')}>
              Go to the start
            </Link>
          )}
          <Button
            variant="secondary"
            onClick={() =>
              void signOut({ queryClient, navigate, next: location.pathname + location.search })
            }
          >
            Sign in with another key
          </Button>
        </div>
      </div>
    </CenteredPage>
  );
}
