import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '#components/errors/not-found';
import { RootErrorBoundary, RouteErrorBoundary } from '#components/errors/route-error-boundary';
import { paths, type BrandScreenHandle } from '#config/paths';
import {
  brandIndexLoader,
  brandLoader,
  campaignEditLoader,
  campaignNewLoader,
  homeLoader,
  signInLoader,
} from './loaders';
import { BrandErrorBoundary } from './routes/brand-error-boundary';
import { AppLoading, RootLayout } from './routes/root';

/** A brand screen: its code loads on first visit, its boundary keeps the shell when it fails. */
function brandScreen(
  screen: BrandScreenHandle['screen'],
  load: () => Promise<RouteObject['Component']>,
): RouteObject {
  return {
    path: paths[screen].path,
    handle: { screen } satisfies BrandScreenHandle,
    ErrorBoundary: RouteErrorBoundary,
    lazy: { Component: load },
  };
}

/** A page under a brand screen (e.g. one campaign under Campaigns). */
function brandPage(
  screen: BrandScreenHandle['screen'],
  path: string,
  load: () => Promise<RouteObject['Component']>,
): RouteObject {
  return { ...brandScreen(screen, load), path };
}

/**
 * Every route. Loaders live here (small, and they start fetching while a screen's code loads);
 * screens and the shell are lazy, so the key screen does not carry them.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: AppLoading,
      children: [
        {
          path: paths.home.path,
          loader: homeLoader(queryClient),
          lazy: { Component: async () => (await import('./routes/home')).HomeRoute },
        },
        {
          path: paths.signIn.path,
          loader: signInLoader,
          lazy: { Component: async () => (await import('./routes/sign-in')).SignInRoute },
        },
        {
          path: paths.acceptInvitation.path,
          lazy: {
            Component: async () =>
              (await import('./routes/accept-invitation')).AcceptInvitationRoute,
          },
        },
        {
          path: paths.brand.path,
          loader: brandLoader(queryClient),
          ErrorBoundary: BrandErrorBoundary,
          lazy: { Component: async () => (await import('./routes/brand-layout')).BrandLayout },
          children: [
            { index: true, loader: brandIndexLoader, Component: () => null },
            brandScreen(
              'overview',
              async () => (await import('./routes/brand/overview')).OverviewScreen,
            ),
            {
              path: paths.campaigns.path,
              handle: { screen: 'campaigns' } satisfies BrandScreenHandle,
              ErrorBoundary: RouteErrorBoundary,
              // The loader lives in the screen's module (with the campaigns area it needs), so
              // the key screen's bundle does not grow; both come with one request.
              lazy: {
                Component: async () => (await import('./routes/brand/campaigns')).CampaignsScreen,
                loader: async () =>
                  (await import('./routes/brand/campaigns')).campaignsLoader(queryClient),
              },
            },
            // Campaign pages belong to the Campaigns screen (navigation and brand switching).
            {
              ...brandPage(
                'campaigns',
                paths.campaignNew.path,
                async () => (await import('./routes/brand/campaign-new')).CampaignNewScreen,
              ),
              loader: campaignNewLoader(queryClient),
            },
            {
              path: paths.campaign.path,
              handle: { screen: 'campaigns' } satisfies BrandScreenHandle,
              // Loader and boundary ("Campaign not found") live in the page's module.
              lazy: {
                loader: async () =>
                  (await import('./routes/brand/campaign-detail')).campaignLoader(queryClient),
                Component: async () =>
                  (await import('./routes/brand/campaign-detail')).CampaignDetailScreen,
                ErrorBoundary: async () =>
                  (await import('./routes/brand/campaign-detail')).CampaignErrorBoundary,
              },
            },
            {
              ...brandPage(
                'campaigns',
                paths.campaignEdit.path,
                async () => (await import('./routes/brand/campaign-edit')).CampaignEditScreen,
              ),
              loader: campaignEditLoader(queryClient),
            },
            brandScreen('review', async () => (await import('./routes/brand/review')).ReviewScreen),
            // One submission belongs to the Review queue screen (navigation and brand switching).
            brandPage(
              'review',
              paths.submission.path,
              async () => (await import('./routes/brand/submission')).SubmissionScreen,
            ),
            brandScreen(
              'creators',
              async () => (await import('./routes/brand/creators')).CreatorsScreen,
            ),
            brandScreen('posts', async () => (await import('./routes/brand/posts')).PostsScreen),
            brandScreen(
              'metrics',
              async () => (await import('./routes/brand/metrics')).MetricsScreen,
            ),
            brandScreen('codes', async () => (await import('./routes/brand/codes')).CodesScreen),
            brandScreen(
              'payouts',
              async () => (await import('./routes/brand/payouts')).PayoutsScreen,
            ),
            brandScreen(
              'activity',
              async () => (await import('./routes/brand/activity')).ActivityScreen,
            ),
            brandScreen(
              'settings',
              async () => (await import('./routes/brand/settings')).SettingsScreen,
            ),
          ],
        },
        { path: '*', Component: NotFound },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
