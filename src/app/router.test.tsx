import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import { renderRoutes, testQueryClient } from '#test/render';
import { realService } from '#testing/service';
import { createRoutes } from './router';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

/** An agency key acting for Glow Lab and Northwind Outdoors, signed in. */
async function signedInAgency(remember = false) {
  const team = await service.world.agencyTeam({
    brandNames: ['Glow Lab', 'Northwind Outdoors'],
  });
  saveSession({ apiKey: team.key, baseUrl: null, remember });
  const [glowLab, northwind] = team.brands as [(typeof team.brands)[0], (typeof team.brands)[0]];
  return { team, glowLab, northwind };
}

function renderApp(initialEntry: string) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry, queryClient });
}

describe('routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    configureApiClient({ credentials: readSession });
  });
  afterEach(() => {
    configureApiClient({ credentials: () => null });
  });

  it('sends a visitor without a key to the sign-in screen, remembering where they were going', async () => {
    const brandId = crypto.randomUUID();
    const { router } = renderApp(paths.review.href(brandId));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      paths.review.href(brandId),
    );
    expect(service.requests).toEqual([]);
    await waitFor(() => expect(document.title).toBe('Sign in · Campaign Console'));
  });

  it('opens the first brand’s campaigns for a signed-in agency key, with its shell', async () => {
    const { glowLab } = await signedInAgency();
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(glowLab.id));
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
    const { northwind } = await signedInAgency();
    const { router } = renderApp(paths.brand.href(northwind.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(northwind.id));
  });

  it('navigates between screens from the side navigation', async () => {
    const user = userEvent.setup();
    const { northwind } = await signedInAgency();
    renderApp(paths.campaigns.href(northwind.id));

    await screen.findByRole('heading', { level: 1, name: 'Campaigns' });
    for (const [link, heading] of [
      ['Review queue', 'Review queue'],
      ['Creators', 'Creators'],
      ['Posts', 'Posts'],
      ['Metrics', 'Metrics'],
      ['Codes', 'Codes'],
      ['Payouts', 'Payouts'],
      ['Activity', 'Activity'],
    ] as const) {
      await user.click(screen.getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('switching brands shows the same screen for the new brand only', async () => {
    const user = userEvent.setup();
    const { glowLab, northwind } = await signedInAgency();
    const { router } = renderApp(paths.review.href(glowLab.id));

    await screen.findByRole('heading', { level: 1, name: 'Review queue' });
    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    await user.click(screen.getByRole('option', { name: 'Northwind Outdoors' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.review.href(northwind.id)),
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

  it('after a brand is chosen from the keyboard, the focus is on the new screen, not the brand box', async () => {
    const user = userEvent.setup();
    const { glowLab, northwind } = await signedInAgency();
    const { router } = renderApp(paths.campaigns.href(glowLab.id));

    await screen.findByRole('heading', { level: 1, name: 'Campaigns' });
    const combobox = screen.getByRole('combobox', { name: 'Brand' });
    await user.click(combobox);
    await user.keyboard('north{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.campaigns.href(northwind.id)),
    );
    const main = screen.getByRole('main');
    await waitFor(() =>
      expect(within(main).getByRole('heading', { level: 1, name: 'Campaigns' })).toHaveFocus(),
    );
    // Keys meant for the screen no longer type into the brand box.
    await user.keyboard(' a');
    expect(combobox).toHaveValue('Northwind Outdoors');
    expect(screen.queryByText(/No brand matches/)).toBeNull();
    // Tab goes on into the screen, not back to the header's Sign out.
    await user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a brand key its brand by name, without a switcher', async () => {
    const team = await service.world.brandTeam({ name: 'Glow Lab' });
    saveSession({ apiKey: team.key, baseUrl: null, remember: false });
    renderApp(paths.metrics.href(team.brand.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('BrandGlow Lab');
  });

  it('says a brand the key does not act for is not available, with a way back', async () => {
    const user = userEvent.setup();
    const { glowLab } = await signedInAgency();
    // A brand of the service the agency does not manage.
    const pixelCoffee = await service.ctx.ops.createBrand('Pixel Coffee');
    const { router } = renderApp(paths.campaigns.href(pixelCoffee.id));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This brand is not available to this key',
      }),
    ).toBeVisible();
    expect(screen.queryByText('Pixel Coffee')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to Glow Lab' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(glowLab.id));
  });

  it('signs out: forgets the key, empties the cache and shows the key screen', async () => {
    const user = userEvent.setup();
    const { glowLab } = await signedInAgency(true);
    const { router, queryClient } = renderApp(paths.posts.href(glowLab.id));

    await screen.findByRole('heading', { level: 1, name: 'Posts' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    // Asked first; Cancel keeps the session.
    const ask = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Sign out?' })).getByRole('button', {
        name: 'Sign out',
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('returns to the sign-in screen when the service no longer accepts the stored key', async () => {
    const team = await service.world.brandTeam();
    await service.ctx.ops.revokeKey(team.keyId);
    saveSession({ apiKey: team.key, baseUrl: null, remember: false });
    const { router } = renderApp(paths.codes.href(team.brand.id));

    expect(await screen.findByText('You were signed out')).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('expired');
  });

  it('shows the failure and a retry when /me cannot be loaded', async () => {
    const user = userEvent.setup();
    const { glowLab } = await signedInAgency();
    // A fault: the service answers 503 until the test lets it through.
    let up = false;
    service.intercept(() =>
      up
        ? undefined
        : Response.json(
            { error: 503, code: 'internal', message: 'database unavailable' },
            { status: 503 },
          ),
    );
    renderApp(paths.creators.href(glowLab.id));

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
