import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import type { Post } from '#contract/posts';
import type { Submission } from '#contract/submissions';
import { realService, type Team } from '#testing/service';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { renderApp } from '#test/app';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
afterEach(() => configureApiClient({ credentials: () => null }));

/** One creator's post on the campaign with these totals, and a payout of `spentCents`. */
async function postWith(
  team: Team,
  campaign: Campaign,
  figures: { views: number; likes: number; spentCents: number },
) {
  const creator = await service.world.approvedCreator(team, campaign);
  const submission = await service.world.submit(campaign.id, creator.id, campaign.tasks![0]!.id);
  await service.world.api<Submission>(
    team,
    'POST',
    `/campaigns/${campaign.id}/submissions/${submission.id}/approve`,
  );
  const post = await service.world.post(submission.id);
  await service.world.ops<Post>('PATCH', `/ops/posts/${post.id}/metrics`, {
    views: figures.views,
    likes: figures.likes,
    comments: 0,
    shares: 0,
    saves: 0,
  });
  await service.world.ops('POST', '/ops/payouts', {
    campaign_id: campaign.id,
    creator_id: creator.id,
    amount_cents: figures.spentCents,
  });
}

/** Spring launch (active: 1,000 views, 100 likes, $50), Summer glow (completed: 3,000, 60, $100), a draft. */
async function brandWithCampaigns() {
  const team = await service.world.brandTeam();
  const spring = await service.world.campaign(team, 'active', { name: 'Spring launch' });
  await postWith(team, spring, { views: 1000, likes: 100, spentCents: 5000 });
  const summer = await service.world.campaign(team, 'active', { name: 'Summer glow' });
  await postWith(team, summer, { views: 3000, likes: 60, spentCents: 10000 });
  await service.world.ops('POST', `/ops/campaigns/${summer.id}/complete`);
  await service.world.campaign(team, 'draft', { name: 'Draft idea' });
  return { team, spring, summer };
}

describe('overview', { timeout: 60_000 }, () => {
  it('puts the campaigns side by side and totals them from the summed metrics', async () => {
    const { team, spring } = await brandWithCampaigns();
    renderApp(paths.overview.href(team.brand.id), team.key);
    const table = await screen.findByRole('table', {
      name: 'Campaigns and their headline figures',
    });
    const springRow = await within(table).findByRole('row', { name: /Spring launch/ });
    await waitFor(() => expect(springRow).toHaveTextContent('1,000'));
    expect(springRow).toHaveTextContent('10%');
    expect(springRow).toHaveTextContent('$50.00');
    expect(within(table).getByRole('row', { name: /Summer glow/ })).toHaveTextContent('Completed');
    expect(within(table).queryByRole('row', { name: /Draft idea/ })).toBeNull();
    const total = within(table).getByRole('row', { name: /^Total/ });
    // 160 engagements over 4,000 views: 4%, not the average of 10% and 2%.
    await waitFor(() => expect(total).toHaveTextContent('4,000'));
    expect(total).toHaveTextContent('4%');
    expect(total).toHaveTextContent('$150.00');
    expect(total).toHaveTextContent('$37.50');
    expect(within(springRow).getByRole('link', { name: 'Spring launch' })).toHaveAttribute(
      'href',
      paths.metrics.href(team.brand.id, spring.id),
    );
  });

  it('clamps a long campaign name to two lines and keeps the whole name as its tooltip', async () => {
    const team = await service.world.brandTeam();
    const name =
      'Spring launch of the hydrating serum with the creators of the northern region and their friends';
    await service.world.campaign(team, 'active', { name });
    renderApp(paths.overview.href(team.brand.id), team.key);
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('title', name);
    expect(link).toHaveClass('line-clamp-2');
    // The cell keeps a readable width instead of one word a line.
    expect(link.closest('th')).toHaveClass('min-w-44');
  });

  it('narrows to running campaigns and says when the figures of a page failed', async () => {
    const { team } = await brandWithCampaigns();
    // The network fails for the figures of the page's campaigns: a fault, not an answer of the service.
    service.intercept((request) => {
      if (request.path === '/metrics' && request.url.searchParams.has('campaign_id'))
        throw new TypeError('offline');
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.overview.href(team.brand.id), team.key);
    const table = await screen.findByRole('table', {
      name: 'Campaigns and their headline figures',
    });
    await waitFor(
      () =>
        expect(within(table).getByRole('row', { name: /Spring launch/ })).toHaveTextContent(
          'could not be loaded',
        ),
      { timeout: 15_000 },
    );
    // The totals come from their own request, which did not fail.
    expect(within(table).getByRole('row', { name: /^Total \(2 campaigns\)/ })).toHaveTextContent(
      '4,000',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaigns' }), 'running');
    await waitFor(() => expect(router.state.location.search).toBe('?show=running'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table')).queryByRole('row', { name: /Summer glow/ }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /^Total \(1 campaign\)/ })).toHaveTextContent('1,000'),
    );
  });

  it('shows 25 campaigns a page, each page one request for its rows and one for their figures', async () => {
    const team = await service.world.brandTeam();
    await service.world.numberedCampaigns(team, 30, ['completed']);
    const user = userEvent.setup();
    renderApp(paths.overview.href(team.brand.id), team.key);
    expect(await screen.findByText('Showing 25 of 30 campaigns')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(await screen.findByText('Showing 30 of 30 campaigns')).toBeVisible();
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
    const figures = service.requests.filter(
      (r) => r.path === '/metrics' && r.url.searchParams.has('campaign_id'),
    );
    expect(figures.map((r) => r.url.searchParams.getAll('campaign_id').length)).toEqual([25, 5]);
    expect(screen.getAllByRole('row', { name: /^Campaign \d+/ })).toHaveLength(30);
  });
});
