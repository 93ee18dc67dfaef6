import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '#contract/me';
import { renderRoutes, testQueryClient } from '#test/render';
import { realService, World } from '#testing/service';
import { sessionKeys } from '../api/me';
import { readSession, saveSession } from '../session-storage';
import { signOut } from '../sign-out';
import { expectRefusedAt } from '../test/refused';
import { SessionControls } from './session-controls';
import { SignInScreen } from './sign-in-screen';

const service = realService();

function renderSignIn(initialEntry = '/sign-in') {
  return renderRoutes(
    [
      { path: '/sign-in', element: <SignInScreen /> },
      { path: '/', element: <p>Home screen</p> },
    ],
    { initialEntry },
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('SignInScreen', { timeout: 30_000 }, () => {
  it('signs a member in with e-mail and password, keeping the session token for this tab only', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'reviewer', { name: 'Maya Chen' });
    const { queryClient } = renderSignIn();

    await fillAndSubmit(member.email, World.MEMBER_PASSWORD);

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    const [create, me] = service.requests;
    expect(create!.method).toBe('POST');
    expect(create!.path).toBe('/sessions');
    expect(create!.headers.get('Authorization')).toBeNull();
    expect(me!.path).toBe('/me');
    const token = readSession()?.apiKey;
    expect(token).toMatch(/^ccs_/);
    expect(me!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(readSession()).toMatchObject({ baseUrl: null, remembered: false });
    expect(window.localStorage.length).toBe(0);
    // Never in a URL.
    expect(service.requests.every((r) => !r.url.href.includes(token!))).toBe(true);
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.member).toMatchObject({
      name: 'Maya Chen',
      role: 'reviewer',
    });
  });

  it('keeps the token on this device only when "Remember me" is chosen', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'viewer');
    renderSignIn();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await fillAndSubmit(member.email, World.MEMBER_PASSWORD);

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(readSession()).toMatchObject({ remembered: true });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says on the form that a wrong password or e-mail was not accepted, and keeps nothing', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'manager');
    renderSignIn();

    await fillAndSubmit(member.email, 'not-the-password-at-all');

    await expectRefusedAt('Password', 'The e-mail address or the password is not right', {
      service,
      paths: ['/sessions'],
    });
  });

  it('checks the fields before sending anything', async () => {
    renderSignIn();

    await fillAndSubmit('not-an-address', 'x');

    expect(await screen.findByLabelText('E-mail')).toHaveAccessibleDescription(
      expect.stringContaining('Enter an e-mail address'),
    );
    expect(service.requests).toHaveLength(0);
  });

  it('says when to try again after too many failures (429)', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'manager');
    for (let i = 0; i < 10; i++) {
      const res = await service.ctx.request('POST', '/2026-07/sessions', {
        body: { email: member.email, password: `wrong-password-${i}` },
      });
      expect(res.status).toBe(401);
    }
    renderSignIn();

    await fillAndSubmit(member.email, World.MEMBER_PASSWORD);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many sign-in attempts');
    // The throttle's window is a clock minute: under a minute left, the wait is said in seconds.
    expect(alert).toHaveTextContent(/Try again in \d+ (minutes?|seconds?)\./);
    expect(readSession()).toBeNull();
  });

  it('keeps the API key form reachable with "Use an API key instead"', async () => {
    const user = userEvent.setup();
    renderSignIn();

    await user.click(screen.getByRole('button', { name: 'Use an API key instead' }));

    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in with an API key' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use e-mail and password instead' }));
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('a member session', { timeout: 30_000 }, () => {
  it('sign-out ends the session on the service, then forgets it', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'admin');
    saveSession({ apiKey: member.token, baseUrl: null, remember: false });
    const navigate = vi.fn(() => Promise.resolve());

    await signOut({ queryClient: testQueryClient(), navigate });

    const end = service.requests.find((r) => r.path === '/sessions/current');
    expect(end?.method).toBe('DELETE');
    expect(end?.headers.get('Authorization')).toBe(`Bearer ${member.token}`);
    expect(readSession()).toBeNull();
    const after = await service.ctx.request('GET', '/2026-07/me', { key: member.token });
    expect(after.status).toBe(401);
  });

  it('the header shows the member name and role instead of the key prefix', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'reviewer', { name: 'Maya Chen' });
    const me = (await service.ctx.request('GET', '/2026-07/me', { key: member.token })).json as Me;

    renderRoutes([{ path: '/', element: <SessionControls me={me} /> }], { initialEntry: '/' });

    expect(screen.getByText('Maya Chen')).toBeInTheDocument();
    expect(screen.getByText('Reviewer')).toBeInTheDocument();
    expect(screen.queryByText(/Brand key/)).toBeNull();
  });
});
