import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { realService, type Team } from '#testing/service';
import type { Campaign } from '#contract/campaigns';
import type { CreatorPage } from '#contract/creators';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorDecisions } from '#features/creators/use-creator-decisions';
import { allOf } from '#components/targeting/test-fixtures';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign, tag } from '#test/world';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
// Decisions are sent almost at once here; the Undo tests open the window wide.
beforeEach(() => {
  creatorDecisions.undoWindowMs = 50;
  window.localStorage.clear();
});

/**
 * A brand with a waitlisted campaign aimed at the United States and at creators aged 18 to 35,
 * and applicants on both sides of that targeting (the last one applied most recently).
 */
async function creatorsWorld() {
  const { world } = service;
  const { team, campaign } = await brandWithActiveCampaign(service, 'Creators', {
    name: `Targeted ${tag()}`,
    settings: { creator_approval_required: true },
    targeting: allOf(
      { property: 'prop_country', operator: 'IN', values: ['c_us'] },
      { property: 'prop_age', operator: 'IN', values: ['18-35'] },
    ),
  });
  const t = tag();
  const people = {
    ana: {
      username: `ana_${t}`,
      properties: { prop_country: 'c_us', prop_age: 24, prop_followers: 48200 },
    },
    ben: { username: `ben_${t}`, properties: { prop_country: 'c_de', prop_age: 30 } },
    cy: { username: `cy_${t}`, properties: { prop_country: 'c_us', prop_age: 31 } },
    dee: {
      username: `dee_${t}`,
      properties: { prop_country: 'c_us', prop_age: 19, prop_niche: 'n_skincare' },
    },
  };
  const ids: Record<keyof typeof people, string> = { ana: '', ben: '', cy: '', dee: '' };
  for (const key of ['ana', 'ben', 'cy', 'dee'] as const) {
    const creator = await world.creator(people[key]);
    await world.apply(campaign.id, creator.id);
    ids[key] = creator.id;
  }
  const names = Object.fromEntries(
    Object.entries(people).map(([k, v]) => [k, v.username]),
  ) as Record<keyof typeof people, string>;
  return { team, campaign, names, ids };
}

const open = (team: Team, campaign: Campaign, query = '') =>
  renderApp(`${paths.creators.href(team.brand.id)}?campaign=${campaign.id}${query}`, team.key);

const row = (username: string) => screen.findByRole('row', { name: new RegExp(`@${username}`) });
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map(
      (r) =>
        within(r)
          .getByRole('rowheader')
          .textContent?.match(/@\S+?(?=Applied)/)?.[0],
    );

async function statusOf(team: Team, campaign: Campaign, creatorId: string) {
  const page = await service.world.api<CreatorPage>(
    team,
    'GET',
    `/campaigns/${campaign.id}/creators?limit=100`,
  );
  return page.data.find((c) => c.creator_id === creatorId)?.status;
}

describe('creators: the approval job', { timeout: 30_000 }, () => {
  it('shows what an approval needs (properties and fit) and no activity columns; Approved shows the activity', async () => {
    const { team, campaign, names } = await creatorsWorld();
    const user = userEvent.setup();
    const { router } = open(team, campaign);
    const ana = await row(names.ana);
    expect(within(ana).getByText('Fits targeting')).toBeInTheDocument();
    expect(ana).toHaveTextContent('CountryUnited States');
    expect(ana).toHaveTextContent('Age (years)24');
    expect(ana).toHaveTextContent('Follower count48,200');
    const ben = await row(names.ben);
    expect(within(ben).getByText('Doesn’t fit')).toBeInTheDocument();
    expect(
      within(
        within(ben).getByRole('list', { name: `Unmet conditions for @${names.ben}` }),
      ).getByText('Country is not United States'),
    ).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Select', 'Creator', 'Fit', 'Properties', 'Decision']);
    expect(within(ana).getByRole('button', { name: `Approve @${names.ana}` })).toBeEnabled();
    expect(within(ana).getByRole('button', { name: `Reject @${names.ana}` })).toBeEnabled();

    await user.click(within(ana).getByRole('button', { name: `Approve @${names.ana}` }));
    expect(await within(ana).findByText('Approved')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const approved = await screen.findByRole('region', { name: /Approved creators/ });
    expect(approved).toHaveAttribute('tabindex', '0');
    expect(
      within(approved)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Creator',
      'Submitted',
      'In review',
      'Approved',
      'Rejected',
      'Posts',
      'Views',
      'Likes',
      'Comments',
      'Shares',
      'Saves',
      'Spend',
    ]);
    expect(
      within(approved).getByRole('row', { name: new RegExp(`@${names.ana}`) }),
    ).toHaveTextContent('$0.00');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
  });

  it('approves three who fit, from the filter; each row stays in place with its result', async () => {
    const { team, campaign, names, ids } = await creatorsWorld();
    const user = userEvent.setup();
    const { router } = open(team, campaign);
    await row(names.ana);
    await user.click(screen.getByRole('button', { name: 'Fits targeting' }));
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: new RegExp(`@${names.ben}`) })).toBeNull();
      expect(screen.getAllByRole('row')).toHaveLength(4);
    });
    expect(new URLSearchParams(router.state.location.search).get('fits')).toBe('true');
    expect(service.requests.some((r) => r.url.searchParams.get('fits') === 'true')).toBe(true);
    const order = rowNames();
    expect(order).toEqual([`@${names.dee}`, `@${names.cy}`, `@${names.ana}`]);

    for (const who of ['dee', 'cy', 'ana'] as const) {
      await user.click(screen.getByRole('button', { name: `Approve @${names[who]}` }));
    }
    for (const who of ['dee', 'cy', 'ana'] as const) {
      expect(await within(await row(names[who])).findByText('Approved')).toBeInTheDocument();
    }
    expect(await screen.findByText('3 approved')).toBeInTheDocument();
    // After the lists refetched, the decided rows are still where they were.
    await waitFor(() =>
      expect(
        service.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/creators')).length,
      ).toBeGreaterThan(1),
    );
    expect(rowNames()).toEqual(order);
    for (const who of ['dee', 'cy', 'ana'] as const) {
      expect(await statusOf(team, campaign, ids[who])).toBe('approved');
    }
    expect(await statusOf(team, campaign, ids.ben)).toBe('applied');
  });

  it('moves the focus to the next row’s Approve, so a keyboard approves down the list', async () => {
    const { team, campaign, names } = await creatorsWorld();
    const user = userEvent.setup();
    open(team, campaign);
    const first = within(await row(names.dee)).getByRole('button', {
      name: `Approve @${names.dee}`,
    });
    first.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: `Approve @${names.cy}` })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: `Approve @${names.ben}` })).toHaveFocus();
    expect(await screen.findByText('2 approved')).toBeInTheDocument();
    // The last two: after the bottom row the focus goes back to the one left above, then, with
    // nothing left, to the word that the list is done; never to the page's body.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: `Approve @${names.ana}` })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      screen.getByRole('heading', { name: 'Every applicant on this list is decided' }),
    ).toHaveFocus();
    await user.keyboard('{Tab}{Enter}');
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it('undoes a decision before it is sent: U or the row’s Undo, the row back and focused, “Undone” said', async () => {
    creatorDecisions.undoWindowMs = 10_000;
    const { team, campaign, names, ids } = await creatorsWorld();
    const user = userEvent.setup();
    open(team, campaign);
    within(await row(names.dee))
      .getByRole('button', { name: `Approve @${names.dee}` })
      .focus();
    await user.keyboard('{Enter}');
    const dee = await row(names.dee);
    expect(within(dee).getByText('Approved')).toBeInTheDocument();
    expect(
      screen.getByText('Approved 1 creator: sent in a few seconds unless undone'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'U');
    expect(screen.getByRole('button', { name: `Undo approving @${names.dee}` })).toBeVisible();
    // U takes it back: the row offers its decision again and has the focus.
    await user.keyboard('u');
    expect(screen.getByRole('button', { name: `Approve @${names.dee}` })).toHaveFocus();
    // Said on the row too, where a phone's screen is.
    expect(within(await row(names.dee)).getByText('Undone: nothing was sent')).toBeVisible();
    expect(
      screen.getByText('Undone: the creator is waiting for a decision again'),
    ).toBeInTheDocument();

    // The row's own Undo, by mouse.
    await user.click(screen.getByRole('button', { name: `Approve @${names.cy}` }));
    await user.click(screen.getByRole('button', { name: `Undo approving @${names.cy}` }));
    expect(screen.getByRole('button', { name: `Approve @${names.cy}` })).toHaveFocus();
    expect(
      service.requests.filter((r) => r.method === 'POST' && r.path.includes('/creators/')),
    ).toEqual([]);
    expect(await statusOf(team, campaign, ids.dee)).toBe('applied');
    expect(await statusOf(team, campaign, ids.cy)).toBe('applied');

    // Left alone, a decision is sent once its window is over.
    creatorDecisions.undoWindowMs = 50;
    await user.click(screen.getByRole('button', { name: `Approve @${names.cy}` }));
    await waitFor(async () => expect(await statusOf(team, campaign, ids.cy)).toBe('approved'));
  });

  it('on a campaign creators join without approval, Applied says so and points to Approved', async () => {
    const { team, campaign } = await brandWithActiveCampaign(service, 'Open', {
      name: `Open ${tag()}`,
      settings: { creator_approval_required: false },
    });
    const user = userEvent.setup();
    open(team, campaign);
    expect(
      await screen.findByRole('heading', { name: 'Creators join this campaign without approval' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/New applications appear here/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show approved creators' }));
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it('a link to one creator opens the tab they are on, marks and focuses their row', async () => {
    const { team, campaign, names, ids } = await creatorsWorld();
    await service.world.api(
      team,
      'POST',
      `/campaigns/${campaign.id}/creators/${ids.cy}/approve`,
      {},
    );
    const { router } = open(team, campaign, `&creator=${ids.cy}`);
    const region = await screen.findByRole('region', { name: /Approved creators/ });
    const cy = await within(region).findByRole('row', { name: new RegExp(`@${names.cy}`) });
    await waitFor(() => expect(cy).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
  });

  it('announces a creator who applies meanwhile and inserts nobody until Show', async () => {
    const { team, campaign, names } = await creatorsWorld();
    const user = userEvent.setup();
    open(team, campaign);
    await row(names.ana);
    const before = rowNames();
    const late = await service.world.creator({
      username: `late_${tag()}`,
      properties: { prop_country: 'c_us', prop_age: 22 },
    });
    await service.world.apply(campaign.id, late.id);
    const notice = await screen.findByRole(
      'button',
      { name: '1 new applicant · Show' },
      { timeout: 10_000 },
    );
    expect(rowNames()).toEqual(before);
    await user.click(notice);
    expect(rowNames()).toEqual([`@${late.username}`, ...before]);
    expect(screen.queryByRole('button', { name: /new applicant/ })).toBeNull();
  });

  it('without creators:write, shows the applicants without decisions, and arrivals at once', async () => {
    const { team, campaign, names } = await creatorsWorld();
    const key = await service.ctx.ops.createKey({
      kind: 'brand',
      brand_id: team.brand.id,
      scopes: ['campaigns:read', 'submissions:write'],
    });
    open({ ...team, key: key.key }, campaign);
    const ana = await row(names.ana);
    expect(within(ana).getByText('Fits targeting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
    const late = await service.world.creator({ username: `late_${tag()}` });
    await service.world.apply(campaign.id, late.id);
    expect(await row(late.username)).toBeInTheDocument();
  });

  it('rejects one with a reason, and a selection in one go', async () => {
    const { team, campaign, names, ids } = await creatorsWorld();
    const user = userEvent.setup();
    open(team, campaign);
    await user.click(
      within(await row(names.ben)).getByRole('button', { name: `Reject @${names.ben}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Reject @${names.ben}` });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Outside our markets',
    );
    expect(within(dialog).getByText('19 / 1,000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject creator' }));
    // The row's state is drawn anew as the decision moves from its undo window to sent: read the
    // row as it is at each try.
    await waitFor(() =>
      expect(screen.getByRole('row', { name: new RegExp(`@${names.ben}`) })).toHaveTextContent(
        'Rejected',
      ),
    );
    // The focus went on to the next row to decide, not back to the closed dialog's trigger.
    expect(screen.getByRole('button', { name: `Approve @${names.ana}` })).toHaveFocus();
    const sent = await waitFor(() => {
      const found = service.requests.find(
        (r) => r.method === 'POST' && r.path.endsWith(`/${ids.ben}/reject`),
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(JSON.parse(sent.body!)).toEqual({ reason: 'Outside our markets' });
    expect(await statusOf(team, campaign, ids.ben)).toBe('rejected');

    await user.click(screen.getByRole('checkbox', { name: `Select @${names.cy}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select @${names.dee}` }));
    expect(screen.getByText('2 selected · 1 rejected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject 2 selected' }));
    const many = await screen.findByRole('dialog', { name: 'Reject 2 creators' });
    await user.click(within(many).getByRole('button', { name: 'Reject 2 creators' }));
    expect(await screen.findByText('3 rejected')).toBeInTheDocument();
    expect(await statusOf(team, campaign, ids.dee)).toBe('rejected');
  });

  it('shows the service’s refusal on the row when someone else decided first', async () => {
    const { team, campaign, names, ids } = await creatorsWorld();
    const user = userEvent.setup();
    // The live stream is down, so the tab has not heard of the other decision when Approve is
    // clicked: the service's refusal is what tells the reviewer.
    service.intercept((request) => {
      if (request.path === '/events') throw new TypeError('Failed to fetch');
      return undefined;
    });
    open(team, campaign);
    await row(names.cy);
    await service.world.api(
      team,
      'POST',
      `/campaigns/${campaign.id}/creators/${ids.cy}/reject`,
      {},
    );
    await user.click(screen.getByRole('button', { name: `Approve @${names.cy}` }));
    const cy = await row(names.cy);
    expect(
      await within(cy).findByText(/status: the application was already rejected at/),
    ).toBeInTheDocument();
    expect(screen.getByText('1 failed (see the row)')).toBeInTheDocument();
  });

  it('a row decided by someone else says so and offers no decision; a list all decided elsewhere reads as finished', async () => {
    const { team, campaign, names, ids } = await creatorsWorld();
    open(team, campaign);
    await row(names.ana);
    const order = rowNames();
    await service.world.api(
      team,
      'POST',
      `/campaigns/${campaign.id}/creators/${ids.cy}/approve`,
      {},
    );
    const cy = await row(names.cy);
    expect(
      await within(cy).findByText('Decided by someone else', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(cy).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(within(cy).getByRole('checkbox', { name: `Select @${names.cy}` })).toBeDisabled();
    // Nothing moved: the row stays in its place until the list is finished.
    expect(rowNames()).toEqual(order);

    for (const who of ['ana', 'ben', 'dee'] as const) {
      await service.world.api(
        team,
        'POST',
        `/campaigns/${campaign.id}/creators/${ids[who]}/reject`,
        {},
      );
    }
    expect(
      await screen.findByText('No applicants waiting', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: new RegExp(`@${names.cy}`) })).toBeNull();
  });

  it('on a phone, each applicant is a card with Approve and Reject', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { team, campaign, names } = await creatorsWorld();
    const user = userEvent.setup();
    open(team, campaign);
    const list = await screen.findByRole('list', { name: 'Applied creators' });
    const card = within(list).getByRole('listitem', { name: `@${names.ana}` });
    expect(within(card).getByText('Fits targeting')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(card).getByRole('button', { name: `Approve @${names.ana}` }));
    expect(await within(card).findByText('Approved')).toBeInTheDocument();
  });

  it('has no accessibility violations axe can find on Applied and Approved', async () => {
    const { team, campaign, names } = await creatorsWorld();
    const user = userEvent.setup();
    const { container } = open(team, campaign);
    await row(names.ana);
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await screen.findByText('No approved creators');
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);
  });
});
