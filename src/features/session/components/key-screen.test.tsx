import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#test/render';
import { realService } from '#testing/service';
import { sessionKeys } from '../api/me';
import { readSession } from '../session-storage';
import { expectRefusedAt } from '../test/refused';
import { KeyScreen } from './key-screen';

const service = realService();

/** The key of a new agency acting for two brands. */
const agencyKey = async () => (await service.world.agencyTeam()).key;

/** The key screen at `initialEntry`, and a user to work it. */
function renderKeyScreen(initialEntry = '/sign-in') {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: '/sign-in', element: <KeyScreen /> },
      { path: '/', element: <p>Home screen</p> },
      { path: '/brands/:brandId/review', element: <p>Review screen</p> },
    ],
    { initialEntry },
  );
  return { ...view, user };
}

/** Types `key` into the key field and `baseUrl` under Advanced. */
async function enterKeyAndBaseUrl(user: UserEvent, key: string, baseUrl: string) {
  await user.type(screen.getByLabelText('API key'), key);
  await user.click(screen.getByRole('button', { name: 'Advanced' }));
  await user.type(screen.getByLabelText('Base URL'), baseUrl);
}

/** Types `key` into the key field and presses Sign in. */
async function signInWith(user: UserEvent, key: string) {
  await user.type(screen.getByLabelText('API key'), key);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('KeyScreen', { timeout: 20_000 }, () => {
  it('says on the key field that a wrong key was not recognised, and keeps nothing', async () => {
    const { user } = renderKeyScreen();

    await signInWith(user, 'cck_wrong_key');

    await expectRefusedAt('API key', 'This key was not recognised', { service, paths: ['/me'] });
  });

  it('checks the key with GET /me, keeps it for this tab and opens the app', async () => {
    const KEY = await agencyKey();
    const { user, queryClient } = renderKeyScreen();

    await signInWith(user, KEY);

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    const [me] = service.requests;
    expect(me!.url.href).toBe(`${window.location.origin}/2026-07/me`);
    expect(me!.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(readSession()).toEqual({ apiKey: KEY, baseUrl: null, remembered: false });
    expect(window.localStorage.length).toBe(0);
    expect(queryClient.getQueryData(sessionKeys.me())).toMatchObject({ key: { kind: 'agency' } });
  });

  it('remembers the key on this device only when asked, and returns to the page asked for', async () => {
    const KEY = await agencyKey();
    const { user } = renderKeyScreen('/sign-in?next=%2Fbrands%2Fabc%2Freview');

    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
    await user.type(screen.getByLabelText('API key'), KEY);
    await user.click(screen.getByRole('checkbox', { name: 'Remember on this device' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Review screen')).toBeInTheDocument();
    expect(readSession()).toMatchObject({ apiKey: KEY, remembered: true });
  });

  it('sends the key to the base URL given under Advanced', async () => {
    const KEY = await agencyKey();
    const { user } = renderKeyScreen();

    await enterKeyAndBaseUrl(user, KEY, 'https://campaigns.example.com/');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(service.requests[0]!.url.href).toBe('https://campaigns.example.com/2026-07/me');
    expect(readSession()?.baseUrl).toBe('https://campaigns.example.com/2026-07');
  });

  it('refuses a base URL that is not http or https, opening Advanced to show why', async () => {
    const KEY = await agencyKey();
    const { user } = renderKeyScreen();

    await enterKeyAndBaseUrl(user, KEY, 'ftp://files.example.com');
    // Advanced folded away again: the refusal opens it.
    await user.click(screen.getByRole('button', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const baseUrl = await screen.findByLabelText('Base URL');
    await waitFor(() => expect(baseUrl).toHaveFocus());
    expect(baseUrl).toHaveAccessibleDescription(expect.stringContaining('http:// or https://'));
    expect(screen.getByRole('button', { name: 'Advanced' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(service.requests).toEqual([]);
  });

  it('says when the service cannot be reached, naming the address', async () => {
    const KEY = await agencyKey();
    // A fault: the network drops every request.
    service.intercept(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderKeyScreen();

    await signInWith(user, KEY);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached');
    expect(alert).toHaveTextContent(`${window.location.origin}/2026-07`);
    expect(alert).not.toHaveTextContent(KEY);
  });

  it('says when the key lacks campaigns:read', async () => {
    const { key } = await service.world.agencyTeam({ scopes: ['codes:read'] });
    const { user } = renderKeyScreen();

    await signInWith(user, key);

    const field = screen.getByLabelText('API key');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('campaigns:read')),
    );
    expect(readSession()).toBeNull();
  });

  it('asks for a key before sending anything', async () => {
    const { user } = renderKeyScreen();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your API key.')).toBeInTheDocument();
    expect(service.requests).toEqual([]);
  });
});
