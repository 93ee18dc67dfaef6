import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { realService, type Team } from '#testing/service';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { chooseCampaign } from '#test/campaign-picker';
import { tag } from '#test/world';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
beforeEach(() => window.localStorage.clear());

// Each per-campaign screen opens on its own last campaign and its own default
// (docs/decisions/0165-where-applicants-wait.md): Creators where applicants wait, Metrics on a
// campaign with something to show; a choice on one screen moves no other.

/**
 * Oldest to newest: "Waitlist" (approval required, two applicants waiting), "Quiet" (approval
 * required, nobody waiting), "Open" (creators join at once), "Pending" (waiting for approval).
 */
async function memoryWorld() {
  const t = tag();
  const team = await service.world.brandTeam({ name: `Memory ${t}` });
  const approval = { settings: { creator_approval_required: true } };
  const waitlist = await service.world.campaign(team, 'active', {
    name: `Waitlist ${t}`,
    ...approval,
  });
  const quiet = await service.world.campaign(team, 'active', { name: `Quiet ${t}`, ...approval });
  const openCampaign = await service.world.campaign(team, 'active', { name: `Open ${t}` });
  const pending = await service.world.campaign(team, 'pending_approval', { name: `Pending ${t}` });
  for (let i = 0; i < 2; i++) {
    const creator = await service.world.creator();
    await service.world.apply(waitlist.id, creator.id);
  }
  return { team, waitlist, quiet, openCampaign, pending };
}

const picker = () => screen.getByRole('combobox', { name: 'Campaign' });
const shows = (c: Campaign) => waitFor(() => expect(picker()).toHaveValue(c.name));

function openScreen(screenName: 'creators' | 'metrics' | 'posts', team: Team) {
  return renderApp(paths[screenName].href(team.brand.id), team.key);
}

describe('the campaign each screen opens on', { timeout: 60_000 }, () => {
  it('Creators opens where applicants wait, and its picker says how many wait on each campaign', async () => {
    const { team, waitlist, quiet, openCampaign } = await memoryWorld();
    const user = userEvent.setup();
    const { router } = openScreen('creators', team);
    await shows(waitlist);
    expect(router.state.location.search).toContain(`campaign=${waitlist.id}`);
    // One one-row page sorted by applicants waiting found it; no list of every campaign.
    const lists = service.requests.filter(
      (r) =>
        r.method === 'GET' && r.path === '/campaigns' && r.url.searchParams.get('limit') === '1',
    );
    expect(lists.map((r) => r.url.searchParams.get('sort'))).toEqual(['creators_waiting']);

    await user.click(picker());
    const list = screen.getByRole('listbox', { name: 'Campaign' });
    const option = (c: Campaign) =>
      within(list).findByRole('option', { name: new RegExp(`^${c.name}`) });
    expect(await option(waitlist)).toHaveTextContent('2 applicants waiting');
    expect(await option(quiet)).toHaveTextContent('No applicants waiting');
    expect(await option(openCampaign)).toHaveTextContent('No approval needed');
  });

  it('remembers the last campaign of each screen apart; Metrics opens on one with something to show', async () => {
    const { team, waitlist, quiet, openCampaign, pending } = await memoryWorld();
    const user = userEvent.setup();

    const creators = openScreen('creators', team);
    await shows(waitlist);
    await chooseCampaign(user, quiet.name);
    await shows(quiet);
    creators.unmount();

    // Metrics has not been used: its own default (the newest active), not Creators' choice, and
    // not the newer campaign still waiting for approval.
    const metrics = openScreen('metrics', team);
    await shows(openCampaign);
    expect(picker()).not.toHaveValue(pending.name);
    await chooseCampaign(user, waitlist.name);
    await shows(waitlist);
    metrics.unmount();

    const again = openScreen('creators', team);
    await shows(quiet);
    again.unmount();
    const posts = openScreen('posts', team);
    await shows(openCampaign);
    posts.unmount();
    openScreen('metrics', team);
    await shows(waitlist);
  });

  it('the Review queue narrows again to its own last campaign, apart from the other screens', async () => {
    const { team, waitlist } = await memoryWorld();
    const first = renderApp(
      `${paths.review.href(team.brand.id)}?campaign=${waitlist.id}`,
      team.key,
    );
    await waitFor(() =>
      expect(
        window.localStorage.getItem(`campaign-console.last-campaign.review.${team.brand.id}`),
      ).toBe(waitlist.id),
    );
    first.unmount();
    // Another screen's memory is untouched.
    expect(
      window.localStorage.getItem(`campaign-console.last-campaign.creators.${team.brand.id}`),
    ).toBeNull();
    const { router } = renderApp(paths.review.href(team.brand.id), team.key);
    await waitFor(() => expect(router.state.location.search).toBe(`?campaign=${waitlist.id}`));
  });
});
