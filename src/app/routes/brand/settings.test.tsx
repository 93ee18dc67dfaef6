import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { KeyPage, MemberPage } from '#contract/people';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { realService, type Team } from '#testing/service';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

const tag = () => Math.random().toString(16).slice(2, 8);

/** A brand whose only admin is signed in (a member session), with a reviewer beside them. */
async function adminWorld() {
  const { world } = service;
  const team = await world.brandTeam({ name: `Glow Lab ${tag()}` });
  const admin = await world.member(team, 'admin', { name: 'Ava Morgan' });
  const reviewer = await world.member(team, 'reviewer', { name: 'Maya Chen' });
  return { team, admin, reviewer };
}

const membersOf = (team: Team) =>
  service.world.api<MemberPage>(team, 'GET', '/members?limit=100').then((p) => p.data);

async function expectNoAxeViolations() {
  const results = await axe.run(document.body, {
    runOnly: ['wcag2a', 'wcag2aa'],
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('Settings', { timeout: 60_000 }, () => {
  it('lists the members with the signed-in admin marked "You", from the navigation', async () => {
    const { team, admin } = await adminWorld();
    const user = userEvent.setup();
    renderApp(paths.campaigns.href(team.brand.id), admin.token);

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // Yourself first, marked.
    expect(rows[0]).toHaveTextContent('Ava Morgan');
    expect(within(rows[0]!).getByText('You')).toBeVisible();
    expect(rows[1]).toHaveTextContent('Maya Chen');
    expect(within(rows[1]!).queryByText('You')).toBeNull();
    expect(within(rows[1]!).getByRole('combobox', { name: 'Role of Maya Chen' })).toHaveValue(
      'reviewer',
    );
    expect(await screen.findByRole('list', { name: 'API keys' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('does not offer Settings to a reviewer, and says so when the address is typed', async () => {
    const { team, reviewer } = await adminWorld();
    renderApp(paths.settings.href(team.brand.id), reviewer.token);

    expect(await screen.findByText('You do not have access to Settings')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /^Review queue/ })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    // Nothing of members or keys was asked for.
    expect(service.requests.some((r) => r.path === '/members' || r.path === '/keys')).toBe(false);
  });

  it('invites someone and shows the one-time link with a Copy button; the service names a taken e-mail on its field', async () => {
    const { team, admin, reviewer } = await adminWorld();
    const user = userEvent.setup();
    renderApp(paths.settings.href(team.brand.id), admin.token);

    await user.click(await screen.findByRole('button', { name: 'Invite a member' }));
    let dialog = await screen.findByRole('dialog', {
      name: `Invite someone to ${team.brand.name}`,
    });
    // An existing member's address: the service refuses, the field says why.
    await user.type(within(dialog).getByLabelText('E-mail'), reviewer.email);
    expect(within(dialog).getByText(`${reviewer.email.length} / 320 characters`)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }));
    expect(
      await within(dialog).findByText('A member with this e-mail address already exists.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    const email = `new.${tag()}@members.test`;
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), email);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'manager');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }));

    dialog = await screen.findByRole('dialog', { name: 'Send this invitation link' });
    const link = within(dialog).getByLabelText<HTMLTextAreaElement>('Invitation link').value;
    expect(link).toMatch(/\/accept-invitation#token=cci_[0-9A-Za-z]{40}$/);
    expect(within(dialog).getByText(/shown only now and is valid for 7 days/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    const sent = service.requests
      .filter((r) => r.path === '/members/invitations' && r.method === 'POST')
      .at(-1);
    expect(JSON.parse(sent!.body!)).toEqual({ email, role: 'manager', brand_id: team.brand.id });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes a role at once, and asks before making someone admin', async () => {
    const { team, admin, reviewer } = await adminWorld();
    const user = userEvent.setup();
    renderApp(paths.settings.href(team.brand.id), admin.token);

    const role = await screen.findByRole('combobox', { name: 'Role of Maya Chen' });
    await user.selectOptions(role, 'manager');
    expect(await screen.findByText('Maya Chen is now manager')).toBeVisible();
    expect((await membersOf(team)).find((m) => m.id === reviewer.id)?.role).toBe('manager');

    await user.selectOptions(role, 'admin');
    const confirm = await screen.findByRole('alertdialog', { name: 'Make Maya Chen an admin?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await membersOf(team)).find((m) => m.id === reviewer.id)?.role).toBe('admin');
    await waitFor(() => expect(role).toHaveValue('admin'));
  });

  it('says in words, before asking anything, that the last admin cannot demote or remove themselves', async () => {
    const { team, admin } = await adminWorld();
    const user = userEvent.setup();
    renderApp(paths.settings.href(team.brand.id), admin.token);

    const role = await screen.findByRole('combobox', { name: 'Role of Ava Morgan' });
    await user.selectOptions(role, 'viewer');
    // No confirmation that promises another admin can give the role back: there is none.
    expect(await screen.findByText('Your role was not changed')).toBeVisible();
    expect(
      screen.getByText(
        `${team.brand.name} needs at least one admin. Make another member admin first.`,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(role).toHaveValue('admin'));

    await user.click(screen.getByRole('button', { name: 'Remove yourself (Ava Morgan)' }));
    expect(await screen.findByText('You were not removed')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(service.requests.some((r) => r.method === 'PATCH' || r.method === 'DELETE')).toBe(false);
    expect((await membersOf(team)).find((m) => m.id === admin.id)?.role).toBe('admin');
  });

  it('lists pending invitations with their expiry, makes a new link that replaces the old one, and revokes one', async () => {
    const { team, admin } = await adminWorld();
    const user = userEvent.setup();
    const first = `first.${tag()}@members.test`;
    const second = `second.${tag()}@members.test`;
    const made = await service.world.api<{ invitation_url: string }>(
      { ...team, key: admin.token },
      'POST',
      '/members/invitations',
      { email: first, role: 'reviewer' },
    );
    await service.world.api({ ...team, key: admin.token }, 'POST', '/members/invitations', {
      email: second,
      role: 'viewer',
    });
    renderApp(paths.settings.href(team.brand.id), admin.token);

    const list = await screen.findByRole('list', { name: 'Pending invitations (2)' });
    const row = (await within(list).findByText(first)).closest('li')!;
    expect(row).toHaveTextContent('Reviewer');
    expect(row).toHaveTextContent(/Expires/);
    expect(row).toHaveTextContent('Not e-mailed');
    expect(row).toHaveTextContent('Invited by Ava Morgan (admin)');

    // A new link: asked first, shown once; closing before copying asks, a second Escape closes.
    await user.click(within(row).getByRole('button', { name: `New link for ${first}` }));
    let confirm = await screen.findByRole('alertdialog', { name: `Make a new link for ${first}?` });
    expect(within(confirm).getByText(/The link sent before stops working at once/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Make a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this invitation link' });
    const link = within(dialog).getByLabelText<HTMLTextAreaElement>('Invitation link').value;
    expect(link).not.toBe(made.invitation_url);
    await user.keyboard('{Escape}');
    expect(
      await within(dialog).findByText('You have not copied the invitation link'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Send this invitation link' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The old link is refused, the new one is open.
    const oldToken = made.invitation_url.split('#token=')[1]!;
    const refused = await service.ctx.request('POST', `/2026-07/invitations/${oldToken}/accept`, {
      body: { name: 'Too Late', password: 'a long enough password 2026' },
    });
    expect(refused.status).toBe(404);

    // Revoke: asked first, then gone from the list.
    const secondRow = within(list).getByText(second).closest('li')!;
    await user.click(
      within(secondRow).getByRole('button', { name: `Revoke the invitation of ${second}` }),
    );
    confirm = await screen.findByRole('alertdialog', {
      name: `Revoke the invitation of ${second}?`,
    });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(`The invitation of ${second} was revoked`)).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Pending invitations (1)' })).toBeVisible();
    expect(screen.queryByText(second)).toBeNull();
    await expectNoAxeViolations();
  });

  it('removes a member after a confirmation naming them', async () => {
    const { team, admin, reviewer } = await adminWorld();
    const user = userEvent.setup();
    renderApp(paths.settings.href(team.brand.id), admin.token);

    await user.click(await screen.findByRole('button', { name: 'Remove Maya Chen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Maya Chen?' });
    expect(within(confirm).getByText(/Maya Chen \(.+\) loses access/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Maya Chen was removed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Maya Chen')).toBeNull());
    expect((await membersOf(team)).map((m) => m.id)).not.toContain(reviewer.id);
  });

  it('says when the members could not be loaded, and loads them on Try again', async () => {
    const { team, admin } = await adminWorld();
    const user = userEvent.setup();
    // A fault the service never gives by itself: its members list is unavailable for a while.
    service.intercept((request) =>
      request.path === '/members' ? new Response('', { status: 503 }) : undefined,
    );
    renderApp(paths.settings.href(team.brand.id), admin.token);

    expect(await screen.findByText('Loading members…')).toBeInTheDocument();
    const problem = await screen.findByText('Members could not be loaded', {}, { timeout: 15_000 });
    expect(problem.closest('[role="alert"]')).toHaveTextContent('The service had a problem');
    // API keys load on their own.
    expect(await screen.findByRole('list', { name: 'API keys' })).toBeVisible();

    service.intercept(null);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('creates a key with only the scopes the credential has, shows it once, and revokes it', async () => {
    const { world } = service;
    const owner = await world.brandTeam({ name: `Keys ${tag()}` });
    const team = await world.brandKey(owner, ['campaigns:read', 'codes:read', 'keys:write']);
    const user = userEvent.setup();
    renderApp(paths.settings.href(team.brand.id), team.key);

    // A key without members:write: API keys only.
    expect(await screen.findByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Members' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.firstChild?.textContent);
    expect(offered).toEqual(['campaigns:read', 'codes:read', 'keys:write']);
    expect(
      within(dialog).getByText(
        'A key never has more scopes than you. You have 3 of 8; not offered: campaigns:write, submissions:write, creators:write, codes:write, members:write.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(
      await within(dialog).findByText(
        'Name the key after what will use it, e.g. “Shop integration”.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('0 / 200 characters')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Name'), 'Shop sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /^codes:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const created = await screen.findByRole('dialog', { name: 'Key “Shop sync” created' });
    expect(within(created).getByText('You will not see this key again')).toBeVisible();
    const key = within(created).getByLabelText<HTMLTextAreaElement>('API key').value;
    expect(key).toMatch(/^cck_/);
    await user.click(within(created).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(key);
    await user.click(within(created).getByRole('button', { name: 'Done' }));

    const list = screen.getByRole('list', { name: 'API keys' });
    const row = (await within(list).findByText('Shop sync')).closest('li')!;
    expect(within(row).getByRole('list', { name: 'Scopes of Shop sync' })).toHaveTextContent(
      'campaigns:readcodes:read',
    );
    await user.click(within(row).getByRole('button', { name: 'Revoke Shop sync' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Shop sync?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await within(row).findByText(/^Revoked /)).toBeVisible();
    const keys = await world.api<KeyPage>(team, 'GET', '/keys?limit=100');
    expect(keys.data.find((k) => k.name === 'Shop sync')?.revoked_at).not.toBeNull();
  });
});
