import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '#contract/me';
import { paths } from '#config/paths';
import { sessionKeys } from '#features/session/api/me';
import { readSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import { renderRoutes, testQueryClient } from '#test/render';
import { realService } from '#testing/service';
import { createRoutes } from '../router';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

/** A brand and a fresh invitation to it, made by the brand's key (`POST /members/invitations`). */
async function invitation(role: 'reviewer' | 'viewer' = 'reviewer') {
  const team = await service.world.brandTeam();
  const email = `${role}.${Math.random().toString(36).slice(2, 10)}@members.test`;
  const created = await service.world.api<{ invitation_url: string }>(
    team,
    'POST',
    '/members/invitations',
    { email, role },
  );
  const url = new URL(created.invitation_url);
  return { team, email, path: url.pathname + url.hash, token: url.hash.replace('#token=', '') };
}

function renderApp(initialEntry: string) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry, queryClient });
}

async function join(name: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Your name'), name);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
  return user;
}

describe('accept an invitation', { timeout: 30_000 }, () => {
  beforeEach(() => configureApiClient({ credentials: readSession }));
  afterEach(() => configureApiClient({ credentials: () => null }));

  it('takes the token out of the address at once, joins, keeps the session like a sign-in and opens the brand', async () => {
    const { team, path, token } = await invitation();
    expect(path).toBe(`${paths.acceptInvitation.href()}#token=${token}`);
    const { router, queryClient } = renderApp(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Campaign Console' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/accept-invitation');

    await join('Robin Vale', 'lantern orchard 2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(team.brand.id));
    const accept = service.requests.find((r) => r.path.endsWith('/accept'))!;
    expect(accept.path).toBe(`/invitations/${token}/accept`);
    expect(accept.headers.get('Authorization')).toBeNull();
    expect(JSON.parse(accept.body!)).toEqual({
      name: 'Robin Vale',
      password: 'lantern orchard 2026',
    });
    // Kept as a sign-in keeps it: for this tab only, never in a query string.
    expect(readSession()).toMatchObject({ baseUrl: null, remembered: false });
    expect(readSession()?.apiKey).toMatch(/^ccs_/);
    expect(window.localStorage.length).toBe(0);
    expect(
      service.requests.every((r) => r.url.search === '' || !r.url.search.includes(token)),
    ).toBe(true);
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.member).toMatchObject({
      name: 'Robin Vale',
      role: 'reviewer',
    });
  });

  it('says the password is too short before sending anything, and can show it', async () => {
    const { path } = await invitation();
    renderApp(path);

    expect(await screen.findByText(/At least 12 characters: 0 so far\./)).toBeVisible();
    const user = await join('Robin Vale', 'short');
    expect(await screen.findByText('Use at least 12 characters.')).toBeVisible();
    expect(service.requests.some((r) => r.path.endsWith('/accept'))).toBe(false);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says a used link can no longer be used, and leads to sign-in', async () => {
    const { path, token } = await invitation();
    // Someone already used it.
    await service.ctx.request('POST', `/2026-07/invitations/${token}/accept`, {
      body: { name: 'First', password: 'lantern orchard 2026' },
    });
    renderApp(path);

    await join('Robin Vale', 'lantern orchard 2026');

    expect(await screen.findByText('This invitation can no longer be used')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      paths.signIn.href(),
    );
    expect(readSession()).toBeNull();
  });

  it('says a link without its token is not complete', async () => {
    renderApp(paths.acceptInvitation.href());
    expect(await screen.findByText('This invitation link is not complete')).toBeVisible();
    expect(screen.queryByLabelText('Your name')).toBeNull();
    expect(service.requests).toEqual([]);
  });
});
