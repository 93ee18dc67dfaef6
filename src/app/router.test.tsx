import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import {
  agencyMe,
  brandMe,
  errorResponse,
  GLOW_LAB,
  jsonResponse,
  NORTHWIND,
  PIXEL_COFFEE,
  stubFetch,
} from '#test/http';
import { renderRoutes, testQueryClient } from '#test/render';
import { createRoutes } from './router';

function renderApp(initialEntry: string) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry, queryClient });
}

describe('routes', () => {
  beforeEach(() => {
    configureApiClient({ credentials: readSession });
  });
  afterEach(() => {
    configureApiClient({ credentials: () => null });
  });

  it('sends a visitor without a key to the key screen, remembering where they were going', async () => {
    const { router } = renderApp(paths.review.href(NORTHWIND.id));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in with an API key' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      paths.review.href(NORTHWIND.id),
    );
    await waitFor(() => expect(document.title).toBe('Sign in · Campaign Console'));
  });

  it('opens the first brand’s campaigns for a signed-in agency key, with its shell', async () => {
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(agencyMe()));
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(GLOW_LAB.id));
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Glow Lab');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Review queue' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    await waitFor(() => expect(document.title).toBe('Campaigns · Glow Lab · Campaign Console'));
  });

  it('opens a brand’s campaigns from the brand’s own address', async () => {
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(agencyMe()));
    const { router } = renderApp(paths.brand.href(NORTHWIND.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(NORTHWIND.id));
  });

  it('navigates between screens from the side navigation', async () => {
    const user = userEvent.setup();
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(agencyMe()));
    renderApp(paths.campaigns.href(NORTHWIND.id));

    await screen.findByRole('heading', { level: 1, name: 'Campaigns' });
    for (const [link, heading] of [
      ['Review queue', 'Review queue'],
      ['Creators', 'Creators'],
      ['Posts', 'Posts'],
      ['Metrics', 'Metrics'],
      ['Codes', 'Codes'],
    ] as const) {
      await user.click(screen.getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('switching brands shows the same screen for the new brand only', async () => {
    const user = userEvent.setup();
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(agencyMe()));
    const { router } = renderApp(paths.review.href(GLOW_LAB.id));

    await screen.findByRole('heading', { level: 1, name: 'Review queue' });
    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    await user.click(screen.getByRole('option', { name: 'Northwind Outdoors' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.review.href(NORTHWIND.id)),
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    // The new brand's screen commits in a transition, shortly after the URL changes.
    await waitFor(() => expect(main).toHaveTextContent('Northwind Outdoors'));
    expect(main).not.toHaveTextContent('Glow Lab');
    await waitFor(() =>
      expect(document.title).toBe('Review queue · Northwind Outdoors · Campaign Console'),
    );
  });

  it('shows a brand key its brand by name, without a switcher', async () => {
    saveSession({ apiKey: 'cck_brand', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(brandMe()));
    renderApp(paths.metrics.href(GLOW_LAB.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('BrandGlow Lab');
  });

  it('says a brand the key does not act for is not available, with a way back', async () => {
    const user = userEvent.setup();
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    stubFetch(() => jsonResponse(agencyMe()));
    const { router } = renderApp(paths.campaigns.href(PIXEL_COFFEE.id));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This brand is not available to this key',
      }),
    ).toBeVisible();
    expect(screen.queryByText('Pixel Coffee')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to Glow Lab' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(GLOW_LAB.id));
  });

  it('signs out: forgets the key, empties the cache and shows the key screen', async () => {
    const user = userEvent.setup();
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: true });
    stubFetch(() => jsonResponse(agencyMe()));
    const { router, queryClient } = renderApp(paths.posts.href(GLOW_LAB.id));

    await screen.findByRole('heading', { level: 1, name: 'Posts' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in with an API key' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('returns to the key screen when the service no longer accepts the stored key', async () => {
    saveSession({ apiKey: 'cck_revoked', baseUrl: null, remember: false });
    stubFetch(() => errorResponse(401, 'unauthenticated', 'API key revoked'));
    const { router } = renderApp(paths.codes.href(GLOW_LAB.id));

    expect(await screen.findByText('Your key is no longer accepted')).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('expired');
  });

  it('shows the failure and a retry when /me cannot be loaded', async () => {
    const user = userEvent.setup();
    saveSession({ apiKey: 'cck_agency', baseUrl: null, remember: false });
    let up = false;
    stubFetch(() =>
      up ? jsonResponse(agencyMe()) : errorResponse(503, 'internal', 'database unavailable'),
    );
    renderApp(paths.creators.href(GLOW_LAB.id));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The service had a problem' }),
    ).toBeVisible();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
