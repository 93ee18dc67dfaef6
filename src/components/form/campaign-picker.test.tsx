import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { realService, type SentRequest, type Team } from '#testing/service';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { renderApp } from '#test/app';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  service.intercept(null);
  configureApiClient({ credentials: () => null });
});

/**
 * 60 campaigns, "Campaign 1" (oldest) to "Campaign 60" (newest): n % 3 = 0 waiting for
 * approval, 1 active, 2 draft. Posts and Metrics offer the 40 that are not drafts, 25 a page;
 * the newest active is "Campaign 58".
 */
let world: Promise<{ team: Team; byName: Map<string, Campaign> }> | null = null;
function sixtyCampaigns() {
  world ??= (async () => {
    const team = await service.world.brandTeam();
    const made = await service.world.numberedCampaigns(team, 60, [
      'pending_approval',
      'active',
      'draft',
    ]);
    return { team, byName: new Map(made.map((c) => [c.name, c])) };
  })();
  return world;
}

const isList = (r: SentRequest) => r.method === 'GET' && r.path === '/campaigns';
/** The shell's waiting badge reads the active and paused campaigns (the review queue's own). */
const isWaitingBadge = (r: SentRequest) =>
  r.url.searchParams.getAll('status').join() === 'active,paused';
/** The campaign lists the screen and its picker read. */
const listRequests = () => service.requests.filter((r) => isList(r) && !isWaitingBadge(r));
const picker = () => screen.getByRole('combobox', { name: 'Campaign' });
const listbox = () => screen.getByRole('listbox', { name: 'Campaign', hidden: true });
const optionNames = () =>
  within(listbox())
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('campaign picker', { timeout: 60_000 }, () => {
  it('opens the screen on the newest active campaign with two small reads, not the whole list', async () => {
    const { team, byName } = await sixtyCampaigns();
    const { router } = renderApp(paths.posts.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 58'));
    expect(router.state.location.search).toContain(`campaign=${byName.get('Campaign 58')!.id}`);
    // Nothing remembered: one page of one active campaign; the list itself is read on opening.
    expect(listRequests().map((r) => r.url.search)).toEqual([
      '?brand_id=' + team.brand.id + '&status=active&limit=1',
    ]);
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the first page newest first with statuses, pages by keyboard and by scrolling, and searches by name', async () => {
    const { team, byName } = await sixtyCampaigns();
    const user = userEvent.setup();
    const { router, container } = renderApp(paths.metrics.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 58'));

    await user.click(picker());
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(optionNames()).toHaveLength(26));
    const options = within(listbox()).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Campaign 60');
    expect(options[0]).toHaveTextContent('Pending approval');
    expect(options[1]).toHaveTextContent('Campaign 58');
    expect(options[1]).toHaveTextContent('Active');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(optionNames().at(-1)).toBe('Show more campaigns');
    expect(optionNames().some((n) => n?.includes('Campaign 59'))).toBe(false); // a draft
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);

    // ↓ makes the first option active; End, then Enter on "Show more" reads the next page.
    await user.keyboard('{ArrowDown}');
    expect(picker()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(optionNames()).toHaveLength(40));
    expect(optionNames().at(-1)).toContain('Campaign 1');
    expect(listRequests().filter((r) => r.url.searchParams.has('starting_after'))).toHaveLength(1);

    // Typing searches on the service (after a pause), and Enter chooses the active option.
    await user.keyboard('campaign 5');
    await waitFor(() =>
      expect(optionNames()).toEqual([
        'Campaign 58Active',
        'Campaign 57Pending approval',
        'Campaign 55Active',
        'Campaign 54Pending approval',
        'Campaign 52Active',
        'Campaign 51Pending approval',
      ]),
    );
    const searches = listRequests().filter((r) => r.url.searchParams.has('q'));
    expect(searches.map((r) => r.url.searchParams.get('q'))).toEqual(['campaign 5']);
    expect(searches[0]!.url.searchParams.getAll('status')).toEqual([
      'pending_approval',
      'active',
      'paused',
      'completed',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toContain(`campaign=${byName.get('Campaign 57')!.id}`),
    );
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
    // The router's location changes before React renders the screen for it.
    await waitFor(() => expect(picker()).toHaveValue('Campaign 57'));

    // No match says so; Escape closes and keeps the campaign shown.
    await user.click(picker());
    await user.keyboard('zzz');
    expect(await screen.findByText('No campaign matches ‘zzz’')).toBeInTheDocument();
    expect(within(listbox()).queryAllByRole('option')).toEqual([]);
    await user.keyboard('{Escape}');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
    expect(picker()).toHaveValue('Campaign 57');
  });

  it('reads the next page when the list is scrolled to its end', async () => {
    const { team } = await sixtyCampaigns();
    const user = userEvent.setup();
    renderApp(paths.posts.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 58'));
    await user.click(picker());
    await waitFor(() => expect(optionNames()).toHaveLength(26));
    // jsdom lays nothing out: every list is "at its end" when it scrolls.
    fireEvent.scroll(listbox());
    await waitFor(() => expect(optionNames()).toHaveLength(40));
  });

  it('opens on the remembered campaign, read by id, and reaches one outside the first page', async () => {
    const { team, byName } = await sixtyCampaigns();
    const user = userEvent.setup();
    const first = renderApp(paths.creators.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 58'));
    await user.click(picker());
    await user.keyboard('Campaign 3');
    // "Campaign 3" (pending) and "Campaign 30"–"39" but drafts; the oldest is on no first page.
    // Creators says on each campaign where applicants wait (these take creators at once).
    await waitFor(() =>
      expect(optionNames().at(-1)).toBe('Campaign 3No approval neededPending approval'),
    );
    await user.keyboard('{End}{Enter}');
    await waitFor(() =>
      expect(first.router.state.location.search).toContain(
        `campaign=${byName.get('Campaign 3')!.id}`,
      ),
    );
    // Creators reads the chosen campaign by id; wait until the service has it, or a read still on
    // its way (a loaded machine) would be counted as the screen's next opening.
    const campaignPath = `/campaigns/${byName.get('Campaign 3')!.id}`;
    await waitFor(() => expect(service.requests.some((r) => r.path === campaignPath)).toBe(true));
    first.unmount();

    // Creators opened again: the campaign it remembers (each screen remembers its own).
    service.requests.length = 0;
    const { router } = renderApp(paths.creators.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 3'));
    expect(router.state.location.search).toContain(`campaign=${byName.get('Campaign 3')!.id}`);
    expect(listRequests()).toEqual([]);
    expect(service.requests.filter((r) => r.path === campaignPath)).toHaveLength(1);
  });

  it('says when the list cannot be read, and reads it again on Try again', async () => {
    const { team } = await sixtyCampaigns();
    const user = userEvent.setup();
    let fail = true;
    service.intercept((r) =>
      fail && isList(r) && r.url.searchParams.get('q') === 'boom'
        ? new Response(JSON.stringify({ error: 500, code: 'internal_error', message: 'Boom' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined,
    );
    renderApp(paths.posts.href(team.brand.id), team.key);
    await waitFor(() => expect(picker()).toHaveValue('Campaign 58'));
    await user.click(picker());
    await user.keyboard('boom');
    // A server error is retried twice (src/lib/query-client.ts) before it shows.
    const alert = await within(listbox().parentElement!).findByRole(
      'alert',
      {},
      { timeout: 15_000 },
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No campaign matches ‘boom’')).toBeInTheDocument();
  });
});
