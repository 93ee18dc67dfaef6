import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignStatus } from '#contract/enums';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { stubResizeObserver } from '#test/dom';
import { realService, type Team } from '#testing/service';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

/** The scroll area's height in these tests: ten rows of 56 px. */
const VIEWPORT = 560;

beforeEach(() => {
  // jsdom lays nothing out: give the list's scroll area a height, and Radix a ResizeObserver.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('aria-label') === 'Campaign list' ? VIEWPORT : 0;
  });
  stubResizeObserver();
});

const list = (team: Team) => paths.campaigns.href(team.brand.id);

/** A brand named Glow Lab (names need not be unique; ids are). */
const glowLab = () => service.world.brandTeam({ name: 'Glow Lab' });

/** A Glow Lab team with `Campaign 1` (oldest) to `Campaign <count>`, statuses cycling. */
async function numbered(count: number, statuses: readonly CampaignStatus[] = ['draft']) {
  const team = await glowLab();
  const campaigns = await service.world.numberedCampaigns(team, count, statuses);
  return { team, campaigns };
}

// The navigation's review count lists the active and paused campaigns on every screen: those
// requests are not the campaign list's.
const isReviewCount = (url: URL) =>
  url.searchParams.getAll('status').join() === 'active,paused' &&
  url.searchParams.get('limit') === '100' &&
  !url.searchParams.has('created_after') &&
  !url.searchParams.has('created_before');
/** The campaign list's own requests, in order. */
const listRequests = () =>
  service.requests.filter(
    (r) => r.method === 'GET' && r.path === '/campaigns' && !isReviewCount(r.url),
  );

/**
 * The pages the list asked for (their `starting_after`, null for the first), each once, in order.
 * A live event may make the list fetch its pages again; which pages it loads is what counts.
 */
const pagesAsked = () => [
  ...new Set(listRequests().map((r) => r.url.searchParams.get('starting_after'))),
];

/** The next_cursor of each page the service answers for the list's first request, in order. */
async function cursorsOf(team: Team) {
  const first = new URLSearchParams(listRequests()[0]!.url.searchParams);
  const cursors: string[] = [];
  for (;;) {
    const page = await service.world.api<{ next_cursor: string | null }>(
      team,
      'GET',
      `/campaigns?${first.toString()}`,
    );
    if (!page.next_cursor) return cursors;
    cursors.push(page.next_cursor);
    first.set('starting_after', page.next_cursor);
  }
}

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const table = () => screen.getByRole('table', { name: 'Campaigns' });
/** The names of the rendered rows, in order. No ByRole queries: those are slow on a big table
 * and, polled by waitFor, would starve React's rendering. */
const rowNames = () =>
  [...document.querySelectorAll('[role=table] [role=row] [role=cell]:first-child a')].map(
    (link) => link.textContent,
  );
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

async function openRowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

/** Chooses `item` in the row menu of campaign `row`; returns the confirmation named `dialog`. */
async function confirmFromRowMenu(
  user: ReturnType<typeof userEvent.setup>,
  row: string,
  item: string,
  dialog: string,
) {
  await user.click(within(await openRowMenu(user, row)).getByRole('menuitem', { name: item }));
  return screen.findByRole('alertdialog', { name: dialog });
}

describe('campaign list', { timeout: 60_000 }, () => {
  it('shows the first page as rows with status, visibility, tasks, spend, deadlines and created date', async () => {
    const { world } = service;
    const team = await glowLab();
    await world.campaign(team, 'active', { name: 'Spring launch' });
    // Winter care spent $1,234.56 on a creator, then the platform paused it over billing.
    const winter = await world.campaign(team, 'active', { name: 'Winter care' });
    const paid = await world.approvedCreator(team, winter);
    await world.ops('POST', '/ops/payouts', {
      campaign_id: winter.id,
      creator_id: paid.id,
      amount_cents: 123456,
    });
    await world.ops('POST', `/ops/campaigns/${winter.id}/auto-pause`, { reason: 'billing_issue' });
    // Summer glow was sent for review and denied.
    const summer = await world.campaign(team, 'draft', {
      name: 'Summer glow',
      visibility: 'unlisted',
      tasks: [1, 2, 3, 4].map((n) => ({
        title: `Task ${n}`,
        instructions: 'Film it.',
        platforms: ['tiktok' as const],
      })),
      content_deadline_date: '2027-07-01',
      post_deadline_date: '2027-07-15',
    });
    await world.api(team, 'POST', `/campaigns/${summer.id}/publish`);
    await world.ops('POST', `/ops/campaigns/${summer.id}/review`, {
      decision: 'denied',
      reason: 'The brief names a competitor.',
    });
    renderApp(list(team), team.key);

    const link = await screen.findByRole('link', { name: 'Summer glow' });
    expect(link).toHaveAttribute('href', paths.campaign.href(team.brand.id, summer.id));
    const [header, first] = within(table()).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Name',
      'Status',
      'Visibility',
      'Tasks',
      'Spent',
      'Content deadline',
      'Post deadline',
      'Created',
      'Actions',
    ]);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Summer glow',
      'DraftPublish denied: The brief names a competitor.',
      'Unlisted',
      '4',
      '$0.00',
      'Jul 1, 2027',
      'Jul 15, 2027',
      shortDate(summer.created_at),
      '',
    ]);
    expect(screen.getByText('Auto-paused: billing issue')).toBeVisible();
    const winterRow = screen.getByRole('link', { name: 'Winter care' }).closest('[role=row]')!;
    expect(within(winterRow as HTMLElement).getByText('$1,234.56')).toBeVisible();
    expect(table()).toHaveAttribute('aria-rowcount', '4');
    expect(first).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByText('3 campaigns.', { selector: ':not([role=status])' })).toBeVisible();

    const request = listRequests()[0]!.url.searchParams;
    expect(request.get('brand_id')).toBe(team.brand.id);
    expect(request.get('limit')).toBe('100');
    expect(request.has('starting_after')).toBe(false);
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute(
      'href',
      paths.campaignNew.href(team.brand.id),
    );
  });

  it('renders only the rows in view and loads the next page when scrolled near the end', async () => {
    const { team } = await numbered(250);
    renderApp(list(team), team.key);

    await screen.findByRole('link', { name: 'Campaign 250' });
    // Ten rows in view plus a margin, not a hundred.
    expect(rowNames().length).toBeLessThan(25);
    expect(table()).toHaveAttribute('aria-rowcount', '-1');
    expect(pagesAsked()).toEqual([null]);

    const scroller = screen.getByRole('region', { name: 'Campaign list' });
    scroller.scrollTop = 80 * 56;
    fireEvent.scroll(scroller);

    expect(await screen.findByRole('link', { name: 'Campaign 170' })).toBeInTheDocument();
    const [after100] = await cursorsOf(team);
    await waitFor(() => expect(pagesAsked()).toEqual([null, after100]));
    expect(screen.queryByRole('link', { name: 'Campaign 250' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('250 campaigns. Showing 200; more load as you scroll.'),
    ).toBeVisible();
  });

  it('opens a campaign, and "Back to campaigns" returns to the list as it was filtered', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(4, ['draft', 'active']);
    const { router } = renderApp(`${list(team)}?status=draft&sort=name`, team.key);

    await user.click(await screen.findByRole('link', { name: 'Campaign 4' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign 4' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.search).toBe('?status=draft&sort=name');
    expect(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Draft' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads more with the "Load more campaigns" button too', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(150);
    renderApp(list(team), team.key);

    await user.click(await screen.findByRole('button', { name: 'Load more campaigns' }));

    expect(
      await screen.findByText('150 campaigns.', { selector: ':not([role=status])' }),
    ).toBeVisible();
    const [after100] = await cursorsOf(team);
    expect(pagesAsked()).toEqual([null, after100]);
    expect(screen.queryByRole('button', { name: 'Load more campaigns' })).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-rowcount', '151');
  });

  it('status chips are toggle buttons that change the URL and the request’s status params', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(10, [
      'draft',
      'active',
      'paused',
      'completed',
      'pending_approval',
    ]);
    const { router } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Campaign 10' });
    const chips = screen.getByRole('group', { name: 'Status' });

    await user.click(within(chips).getByRole('button', { name: 'Paused' }));
    await user.click(within(chips).getByRole('button', { name: 'Draft' }));

    await waitFor(() =>
      expect(within(chips).getByRole('button', { name: 'Draft' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(chips).getByRole('button', { name: 'Paused' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(chips).getByRole('button', { name: 'Active' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() => expect(search(router).getAll('status')).toEqual(['draft', 'paused']));
    await waitFor(() =>
      expect(listRequests().at(-1)!.url.searchParams.getAll('status')).toEqual(['draft', 'paused']),
    );
    await waitFor(() =>
      expect(rowNames()).toEqual(['Campaign 10', 'Campaign 7', 'Campaign 5', 'Campaign 2']),
    );

    // Back: the previous filter, from the history.
    await router.navigate(-1);
    await waitFor(() =>
      expect(within(chips).getByRole('button', { name: 'Draft' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(search(router).getAll('status')).toEqual(['paused']);
  });

  it('sends the created range as date-times and keeps it in the URL', async () => {
    const { team } = await numbered(3);
    const { router } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Campaign 3' });

    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-06-30' } });

    await waitFor(() => expect(search(router).get('to')).toBe('2026-06-30'));
    expect(search(router).get('from')).toBe('2026-06-01');
    await waitFor(() => {
      const request = listRequests().at(-1)!.url.searchParams;
      expect(request.get('created_after')).toBe(new Date(2026, 5, 1).toISOString());
      expect(request.get('created_before')).toBe(new Date(2026, 6, 1).toISOString());
    });
  });

  it('searches by name on the service: one page, the count of matches, never every campaign', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    await service.world.numberedCampaigns(team, 300, ['draft'], (n) =>
      n % 50 === 0 ? `Summer Campaign ${n}` : `Campaign ${n}`,
    );
    const { router } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Summer Campaign 300' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'SUMMER');

    expect(
      await screen.findByText('6 campaigns match “SUMMER”.', { selector: ':not([role=status])' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(rowNames()).toEqual([
        'Summer Campaign 300',
        'Summer Campaign 250',
        'Summer Campaign 200',
        'Summer Campaign 150',
        'Summer Campaign 100',
        'Summer Campaign 50',
      ]),
    );
    expect(search(router).get('q')).toBe('SUMMER');
    // The first page of every campaigns, then the first page of the search: nothing after them.
    expect(pagesAsked()).toEqual([null]);
    expect(listRequests().at(-1)!.url.searchParams.get('q')).toBe('SUMMER');
    const counts = service.requests.filter((r) => r.path === '/metrics');
    expect(counts.at(-1)!.url.searchParams.get('q')).toBe('SUMMER');
  });

  it('sorts on the service, reading one page of the new order', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(120);
    const { router } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Campaign 120' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Oldest first');
    await waitFor(() => expect(rowNames()[0]).toBe('Campaign 1'));
    expect(search(router).get('sort')).toBe('oldest');
    expect(listRequests().map((r) => r.url.searchParams.get('sort'))).toEqual([null, 'oldest']);
    expect(pagesAsked()).toEqual([null]);
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(
      await screen.findByText('120 campaigns. Showing 100; more load as you scroll.'),
    ).toBeVisible();
  });

  it('row menus offer only what each status allows', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    const statuses = ['completed', 'paused', 'active', 'pending_approval', 'draft'] as const;
    const names = ['Done', 'On hold', 'Running', 'Waiting', 'A draft'];
    for (const [i, status] of statuses.entries())
      await service.world.campaign(team, status, { name: names[i]! });
    renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'A draft' });

    const items = async (name: string) => {
      const menu = await openRowMenu(user, name);
      const labels = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return labels;
    };
    expect(await items('A draft')).toEqual(['Edit', 'Publish', 'Delete draft']);
    expect(await items('Waiting')).toEqual(['Withdraw request to edit']);
    expect(await items('Running')).toEqual(['Edit', 'Pause']);
    expect(await items('On hold')).toEqual(['Edit', 'Resume']);
    expect(await items('Done')).toEqual(['View campaign']);
    expect(screen.getByRole('button', { name: 'Actions for Done' })).toHaveFocus();
  });

  it('a key that cannot write campaigns sees no write actions and no "New campaign"', async () => {
    const user = userEvent.setup();
    const writer = await glowLab();
    await service.world.campaign(writer, 'draft', { name: 'A draft' });
    const reader = await service.world.brandKey(writer, ['campaigns:read']);
    renderApp(list(reader), reader.key);
    await screen.findByRole('link', { name: 'A draft' });

    const menu = await openRowMenu(user, 'A draft');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['View campaign']);
    expect(screen.queryByRole('link', { name: 'New campaign' })).not.toBeInTheDocument();
  });

  it('pauses from the row menu after confirming, and deletes a draft after confirming', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    const draft = await service.world.campaign(team, 'draft', { name: 'Old draft' });
    const running = await service.world.campaign(team, 'active', { name: 'Running' });
    renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Running' });

    const pause = await confirmFromRowMenu(user, 'Running', 'Pause', 'Pause “Running”?');
    await user.click(within(pause).getByRole('button', { name: 'Pause campaign' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // A toast fades in: wait until it shows.
    await waitFor(() => expect(screen.getByText('Campaign paused')).toBeVisible());
    await waitFor(() => expect(within(table()).getAllByText('Paused')).toHaveLength(1));

    const dialog = await confirmFromRowMenu(
      user,
      'Old draft',
      'Delete draft',
      'Delete “Old draft”?',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Old draft' })).not.toBeInTheDocument(),
    );
    expect(service.requests.some((r) => r.method === 'DELETE')).toBe(true);
    // The service holds what the list shows.
    const left = await service.world.api<{ data: { id: string; status: string }[] }>(
      team,
      'GET',
      `/campaigns?brand_id=${team.brand.id}`,
    );
    expect(left.data.map((c) => [c.id, c.status])).toEqual([[running.id, 'paused']]);
    expect(left.data.some((c) => c.id === draft.id)).toBe(false);
    expect(document.body.style.pointerEvents).toBe('');
  });

  it('shows the service’s refusal inside the confirm dialog', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    const draft = await service.world.campaign(team, 'draft', { name: 'Old draft' });
    renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Old draft' });

    const dialog = await confirmFromRowMenu(
      user,
      'Old draft',
      'Delete draft',
      'Delete “Old draft”?',
    );
    // Someone else publishes the draft meanwhile.
    await service.world.api(team, 'POST', `/campaigns/${draft.id}/publish`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the draft');
    expect(alert).toHaveTextContent(
      'status: a campaign that is pending_approval cannot be deleted (only one that is draft)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions for Old draft' })).toHaveFocus();
  });

  it('invites to create the first campaign when there is none', async () => {
    const team = await glowLab();
    renderApp(list(team), team.key);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'No campaigns yet' }),
    ).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'New campaign' });
    expect(links).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(3, ['active']);
    const { router } = renderApp(`${list(team)}?status=paused&q=zzz`, team.key);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'No campaigns match these filters' }),
    ).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('zzz');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);

    expect(await screen.findByRole('link', { name: 'Campaign 3' })).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
  });

  it('shows a failed list with a retry', async () => {
    const user = userEvent.setup();
    const { team } = await numbered(2);
    // Until the test lets it through, the list's request arrives with a broken cursor: the
    // service's own refusal comes back.
    let up = false;
    service.intercept((r) =>
      !up && r.method === 'GET' && r.path === '/campaigns' && !isReviewCount(r.url)
        ? service.app().request(`/2026-07/campaigns?starting_after=not-a-cursor`, {
            headers: { Authorization: `Bearer ${team.key}` },
          })
        : undefined,
    );
    renderApp(list(team), team.key);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Could not load the campaigns' }),
    ).toBeVisible();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Campaign 2' })).toBeVisible();
  });

  it('lets an agency key list all its brands, naming each row’s brand', async () => {
    const user = userEvent.setup();
    const team = await service.world.agencyTeam({
      brandNames: ['Glow Lab', 'Northwind Outdoors'],
    });
    const northwind = team.brands[1]!;
    await service.world.campaign(team, 'active', { name: 'Glow serum' });
    const trail = await service.world.campaign(team, 'active', {
      name: 'North trail',
      brand_id: northwind.id,
    });
    const { router } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Glow serum' });
    expect(screen.queryByRole('link', { name: 'North trail' })).not.toBeInTheDocument();
    const brands = screen.getByRole('combobox', { name: 'Show campaigns of' });
    expect(
      within(brands)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['This brand (Glow Lab)', 'All my brands', 'Northwind Outdoors']);

    await user.selectOptions(brands, 'All my brands');

    const north = await screen.findByRole('link', { name: 'North trail' });
    expect(north).toHaveAttribute('href', paths.campaign.href(northwind.id, trail.id));
    expect(within(table()).getByText('Northwind Outdoors')).toBeVisible();
    expect(search(router).get('brand')).toBe('all');
    expect(listRequests().at(-1)!.url.searchParams.has('brand_id')).toBe(false);
  });

  it('shows a brand key no brand filter', async () => {
    const { team } = await numbered(1);
    renderApp(`${list(team)}?brand=all`, team.key);

    await screen.findByRole('link', { name: 'Campaign 1' });
    expect(screen.queryByRole('combobox', { name: 'Show campaigns of' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations axe can find', async () => {
    const { team } = await numbered(30, ['draft', 'active', 'paused']);
    const { container } = renderApp(list(team), team.key);
    await screen.findByRole('link', { name: 'Campaign 30' });

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
