import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** A query client for one test: no retries, nothing shared with other tests. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with a fresh query client. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntry,
    queryClient = testQueryClient(),
  }: { initialEntry: string; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
