import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '#components/layout/navigation-progress';
import { Spinner } from '#components/ui/spinner';

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      {/* A new screen opens at its top; Back returns to where it was. Keyed by path, so a
          filter written to the URL does not jump the page. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
      <Outlet />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function AppLoading() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 text-gray-600">
      <h1 className="sr-only">Campaign Console</h1>
      <Spinner label="Loading…" className="size-6" />
    </main>
  );
}
