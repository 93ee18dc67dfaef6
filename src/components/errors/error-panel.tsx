import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CircleAlert, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useLocation, useRevalidator } from 'react-router';
import { documentTitle } from '../layout/screen-header';
import { paths } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { Button, buttonClasses } from '../ui/button';

/** Title and sentence for anything a route can throw: ApiError, a 404 response, a bug. */
export function describeRouteError(error: unknown): { title: string; description: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        title: 'Page not found',
        description:
          'There is no page at this address. Check the link, or start again from your brands.',
      };
    }
    return {
      title: `Error ${error.status}`,
      description: error.statusText || 'The page could not be shown.',
    };
  }
  return describeError(error);
}

/**
 * A failed screen: what happened (by status), and a retry. A failed request is retried by running
 * the route's loaders again; anything else (a bug, a chunk that failed to load) by reloading.
 */
export function ErrorPanel({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const { reset } = useQueryErrorResetBoundary();
  const location = useLocation();
  const { title, description } = describeRouteError(error);
  const unauthenticated = isApiError(error) && error.status === 401;
  const retryable = !isRouteErrorResponse(error) && !unauthenticated;

  const retry = () => {
    if (isApiError(error)) {
      reset();
      void revalidator.revalidate();
    } else {
      window.location.reload();
    }
  };

  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <title>{documentTitle(title)}</title>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-sm text-gray-600">{description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {unauthenticated ? (
          <Link
            to={paths.signIn.href({ next: location.pathname + location.search, reason: 'expired' })}
            className={buttonClasses('primary')}
          >
            Sign in again
          </Link>
        ) : null}
        {retryable ? (
          <Button onClick={retry} disabled={revalidator.state === 'loading'}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        ) : null}
        {!unauthenticated ? (
          <Link to={paths.home.href()} className={buttonClasses('secondary')}>
            Go to the start
          </Link>
        ) : null}
      </div>
    </div>
  );
}
