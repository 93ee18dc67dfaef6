import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { activityKeys } from '#features/activity/api/activity';
import { renderApp } from '#test/app';
import { chooseCampaign } from '#test/campaign-picker';
import { brandWithActiveCampaign, tag } from '#test/world';
import { realService } from '#testing/service';

configure({ asyncUtilTimeout: 8000 });

const service = realService();

/**
 * A brand with a manager and a reviewer (Maya Chen), an active campaign and one submission of
 * @zoe_<tag> that the reviewer approved, through the interface with her own session.
 */
async function approvedWorld() {
  const { world } = service;
  const { team, campaign, t } = await brandWithActiveCampaign(service, 'Activity', {
    name: 'Summer glow',
  });
  const manager = await world.member(team, 'manager', { name: 'Ben Carter' });
  const reviewer = await world.member(team, 'reviewer', { name: 'Maya Chen' });
  const creator = await world.approvedCreator(team, campaign, { username: `zoe_${t}` });
  const submission = await world.submit(campaign.id, creator.id, campaign.tasks![0]!.id);
  await world.approveSubmission({ ...team, key: reviewer.token }, campaign.id, submission.id);
  return { team, campaign, manager, reviewer, creator, submission, t };
}

const auditRequests = () =>
  service.requests.filter((r) => r.path.endsWith('/audit-events')).map((r) => r.url.searchParams);

describe('activity and history', { timeout: 40_000 }, () => {
  it('tells the trail as sentences, filters it through the URL, and keeps new entries behind a pill', async () => {
    const { world } = service;
    const { team, campaign, manager, reviewer, creator } = await approvedWorld();
    const user = userEvent.setup();
    const { router, queryClient } = renderApp(paths.activity.href(team.brand.id), manager.token);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const approved = await within(list).findByText(
      (_, el) =>
        el?.tagName === 'P' &&
        el.textContent === `Maya Chen (reviewer) approved @${creator.username}’s submission`,
    );
    const line = approved.closest('li')!;
    const time = within(line).getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title');
    expect(within(line).getByRole('link', { name: campaign.name })).toHaveAttribute(
      'href',
      paths.campaign.href(team.brand.id, campaign.id),
    );
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations).toEqual([]);

    // Who: the people the entries name; the choice goes to the URL and to the service.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who' }), reviewer.id);
    await waitFor(() => expect(router.state.location.search).toContain(`who=${reviewer.id}`));
    await waitFor(() => expect(auditRequests().at(-1)?.get('actor_id')).toBe(reviewer.id));
    await waitFor(() =>
      expect(within(list).queryByText(/created the campaign/)).not.toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'submission.*');
    await waitFor(() => expect(auditRequests().at(-1)?.get('target_type')).toBe('submission'));
    expect(auditRequests().at(-1)?.get('actor_id')).toBe(reviewer.id);

    // A decision made elsewhere: the list is read again (as on a live event) and the new entry
    // waits behind the pill; what is shown does not move until the reader asks.
    const other = await world.approvedCreator(team, campaign, { username: `ava_${tag()}` });
    const second = await world.submit(campaign.id, other.id, campaign.tasks![0]!.id);
    await world.approveSubmission({ ...team, key: reviewer.token }, campaign.id, second.id);
    await queryClient.invalidateQueries({ queryKey: activityKeys.all(team.brand.id) });
    const pill = await screen.findByRole('button', { name: '1 new · Show' });
    expect(within(list).queryByText(new RegExp(`@${other.username}`))).not.toBeInTheDocument();
    await user.click(pill);
    expect(
      await within(list).findByText(new RegExp(`approved @${other.username}’s submission`)),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new · Show/ })).not.toBeInTheDocument();
  });

  it('shows a campaign’s History on its page, linking to Activity filtered to it', async () => {
    const { team, campaign, manager, creator } = await approvedWorld();
    renderApp(paths.campaign.href(team.brand.id, campaign.id), manager.token);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(
      await within(history).findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === `Maya Chen (reviewer) approved @${creator.username}’s submission`,
      ),
    ).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'Show all in Activity' })).toHaveAttribute(
      'href',
      paths.activity.href(team.brand.id, `?campaign=${campaign.id}`),
    );
    const sent = auditRequests().at(-1)!;
    expect(sent.get('campaign_id')).toBe(campaign.id);
    expect(sent.get('limit')).toBe('5');
  });

  it('filters by a campaign chosen in the picker, and names entries’ campaigns without the whole list', async () => {
    const { world } = service;
    const { team, campaign } = await approvedWorld();
    const other = await world.campaign(team, 'draft', { name: `Autumn ${tag()}` });
    const user = userEvent.setup();
    const { router } = renderApp(paths.activity.href(team.brand.id), team.key);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    await waitFor(() =>
      expect(within(list).getAllByRole('link', { name: other.name })).not.toEqual([]),
    );
    // The names come from one read of the campaigns the entries name (`id`), not every page (the
    // shell's waiting badge reads the active and paused ones for the review queue).
    const reads = service.requests.filter(
      (r) =>
        r.method === 'GET' &&
        r.path === '/campaigns' &&
        r.url.searchParams.getAll('status').join() !== 'active,paused',
    );
    expect(reads.map((r) => r.url.searchParams.getAll('id').sort())).toEqual([
      [campaign.id, other.id].sort(),
    ]);

    const picker = screen.getByRole('combobox', { name: 'Campaign' });
    expect(picker).toHaveValue('All campaigns');
    await chooseCampaign(user, 'Summer glow');
    await waitFor(() => expect(router.state.location.search).toBe(`?campaign=${campaign.id}`));
    await waitFor(() => expect(auditRequests().at(-1)!.get('campaign_id')).toBe(campaign.id));
    await waitFor(() => expect(picker).toHaveValue('Summer glow'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'All campaigns' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(picker).toHaveValue('All campaigns'));
  });

  it('says when nothing matches, and refuses days the wrong way round', async () => {
    const { world } = service;
    const team = await world.brandTeam({ name: `Quiet ${tag()}` });
    await world.campaign(team, 'draft', { name: 'Quiet draft' });
    const user = userEvent.setup();
    const { router } = renderApp(
      `${paths.activity.href(team.brand.id)}?action=code.assigned`,
      team.key,
    );
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          /^API key cck_.+ created the campaign “Quiet draft”$/.test(el.textContent),
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '2026-07-10');
    await user.type(screen.getByLabelText('Until'), '2026-07-01');
    expect(
      await screen.findByText('The last day is before the first: the dates are not applied.'),
    ).toBeInTheDocument();
    expect(auditRequests().filter((q) => q.has('occurred_before'))).toEqual([]);
  });

  it('loads older entries a page at a time, following the page’s cursor', async () => {
    const { world } = service;
    const team = await world.brandTeam({ name: `Busy ${tag()}` });
    await world.numberedCampaigns(team, 51);
    const user = userEvent.setup();
    renderApp(`${paths.activity.href(team.brand.id)}?action=campaign.created`, team.key);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('“Campaign 51”');
    expect(screen.getByText('50 changes so far')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(51));
    expect(within(list).getAllByRole('listitem')[50]).toHaveTextContent('“Campaign 1”');
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    const cursors = auditRequests().map((q) => q.get('starting_after'));
    expect(cursors.at(-1)).toBeTruthy();
  });

  it('offers a viewer no decision anywhere, with a read-only note where decisions would be', async () => {
    const { world } = service;
    const team = await world.brandTeam({ name: `Viewer ${tag()}` });
    const campaign = await world.campaign(team, 'active', {
      name: 'Applicants',
      settings: { creator_approval_required: true },
    });
    const viewer = await world.member(team, 'viewer', { name: 'Zoe Martin' });
    const applicant = await world.creator();
    await world.apply(campaign.id, applicant.id);
    const first = await world.approvedCreator(team, campaign);
    await world.submit(campaign.id, first.id, campaign.tasks![0]!.id);

    const review = renderApp(paths.review.href(team.brand.id), viewer.token);
    expect(
      await screen.findByText(
        'Your access lets you look at submissions, not approve them or request changes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request changes/ })).not.toBeInTheDocument();
    review.unmount();

    const creators = renderApp(
      `${paths.creators.href(team.brand.id)}?campaign=${campaign.id}`,
      viewer.token,
    );
    expect(
      await screen.findByText(
        'Your access lets you look at applicants, not approve or reject them.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(`@${applicant.username}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    creators.unmount();

    const campaigns = renderApp(paths.campaigns.href(team.brand.id), viewer.token);
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    await screen.findAllByText('1 campaign.');
    expect(screen.queryByRole('link', { name: 'New campaign' })).not.toBeInTheDocument();
    campaigns.unmount();

    renderApp(paths.campaignNew.href(team.brand.id), viewer.token);
    expect(
      await screen.findByText(/Your access lets you look at campaigns, not create or edit them/),
    ).toBeInTheDocument();
  });
});
