import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import type { MetricsReport } from '#contract/metrics';
import { paths } from '../../../config/paths';
import { makeCampaign, makeTask } from '../../../features/campaigns/test/fixtures';
import { configureApiClient } from '../../../lib/api-client';
import { activityService, makePost } from '../../../test/activity-service';
import { renderApp } from '../../../test/campaign-service';
import { GLOW_LAB, jsonResponse } from '../../../test/http';

configure({ asyncUtilTimeout: 3000 });

const unboxing = makeTask(1, { title: 'Unboxing', platforms: ['tiktok'] });
const spring = makeCampaign(1, { name: 'Spring launch', tasks: [unboxing] });
const summer = makeCampaign(2, { name: 'Summer glow', tasks: [] });

afterEach(() => configureApiClient({ credentials: () => null }));

function report(campaignId: string, groupBy: string | null): MetricsReport {
  return {
    campaign_id: campaignId,
    funnel: {
      creators_applied: 40,
      creators_approved: 10,
      submissions_in_review: 8,
      submissions_approved: 6,
      posts: 3,
    },
    performance: {
      views: 12000,
      likes: 600,
      comments: 40,
      shares: 20,
      saves: 20,
      engagement_rate: 0.0567,
    },
    spend: { spent_cents: 45000, effective_cpm_cents: 3750 },
    ...(groupBy === 'task'
      ? {
          groups: [
            {
              group_key: unboxing.id,
              group_label: 'Unboxing',
              posts: 3,
              performance: { views: 12000, likes: 600, comments: 40, shares: 20, saves: 20 },
            },
          ],
        }
      : groupBy === 'platform'
        ? {
            groups: [
              {
                group_key: 'tiktok',
                group_label: 'TikTok',
                posts: 2,
                performance: { views: 9000, likes: 500, comments: 30, shares: 10, saves: 10 },
              },
              {
                group_key: 'instagram',
                group_label: 'Instagram',
                posts: 1,
                performance: { views: 3000, likes: 100, comments: 10, shares: 10, saves: 10 },
              },
            ],
          }
        : {}),
    as_of: '2026-07-04T10:30:00.000Z',
  };
}

function service(
  springPosts = [
    makePost(3, unboxing.id, { posted_at: '2026-07-03T12:00:00.000Z' }),
    makePost(2, unboxing.id, { posted_at: '2026-07-01T12:00:00.000Z' }),
  ],
  newer: Campaign[] = [],
) {
  return activityService({
    campaigns: [...newer, summer, spring],
    posts: { [spring.id]: springPosts, [summer.id]: [] },
    override: (_method, url) => {
      const m = /^\/2026-07\/campaigns\/([^/]+)\/metrics$/.exec(url.pathname);
      if (m) return jsonResponse(report(m[1]!, url.searchParams.get('group_by')));
      return undefined;
    },
  });
}

const metricsRequests = (s: ReturnType<typeof service>) =>
  s.requests.filter((r) => r.url.pathname.endsWith('/metrics')).map((r) => r.url);

describe('metrics', { timeout: 20_000 }, () => {
  it('shows a campaign’s figures, funnel with conversions and the time of the report', async () => {
    service();
    const user = userEvent.setup();
    renderApp(`${paths.metrics.href(GLOW_LAB.id, spring.id)}`);
    const figures = await screen.findByRole('region', { name: 'Performance and spend' });
    expect(within(figures).getByText('Views').nextSibling).toHaveTextContent('12,000');
    expect(figures).toHaveTextContent('5.67%');
    expect(figures).toHaveTextContent('$450.00');
    expect(figures).toHaveTextContent('$37.50');
    expect(screen.getByText(/Report as of/)).toHaveTextContent('Jul 4, 2026');
    const funnel = screen.getByRole('region', { name: 'Funnel' });
    expect(within(funnel).getByRole('img')).toHaveAccessibleName(
      /Applied 40, Approved 10 \(25% of the step before\)/,
    );
    await user.click(within(funnel).getByRole('button', { name: 'Table' }));
    const rows = within(funnel)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'StepCountConversion from the step before',
      'Applied40—',
      'Approved1025%',
      'In review880%',
      'Approved content675%',
      'Posts350%',
    ]);
  });

  it('switches the breakdown between task and platform through group_by, labelled by the service', async () => {
    const s = service();
    const user = userEvent.setup();
    const { router } = renderApp(paths.metrics.href(GLOW_LAB.id, spring.id));
    const byTask = await screen.findByRole('region', { name: 'Performance by task' });
    expect(metricsRequests(s).at(-1)!.searchParams.get('group_by')).toBe('task');
    await user.click(within(byTask).getByRole('button', { name: 'Table' }));
    expect(within(byTask).getByRole('row', { name: /Unboxing/ })).toHaveTextContent('12,000');

    await user.click(screen.getByRole('radio', { name: 'Platform' }));
    const byPlatform = await screen.findByRole('region', { name: 'Performance by platform' });
    await waitFor(() => expect(router.state.location.search).toContain('by=platform'));
    expect(metricsRequests(s).at(-1)!.searchParams.get('group_by')).toBe('platform');
    await user.click(within(byPlatform).getByRole('button', { name: 'Table' }));
    expect(within(byPlatform).getByRole('row', { name: /TikTok/ })).toHaveTextContent('9,000');
    expect(within(byPlatform).getByRole('row', { name: /Instagram/ })).toHaveTextContent('3,000');
  });

  it('builds views over time from every page of the posts, by the day each was posted', async () => {
    service();
    const user = userEvent.setup();
    renderApp(paths.metrics.href(GLOW_LAB.id, spring.id));
    const region = await screen.findByRole('region', { name: 'Views and engagement over time' });
    expect(region).toHaveTextContent('Built from 2 posts');
    await user.click(within(region).getByRole('button', { name: 'Table' }));
    // Three days (the one between has no posts); totals run on.
    const body = within(region).getAllByRole('row').slice(1);
    expect(body).toHaveLength(3);
    expect(body[2]).toHaveTextContent('500');
  });

  it('reads every page of a campaign’s posts (100 a page) for the timeline', async () => {
    const many = Array.from({ length: 230 }, (_, i) =>
      makePost(i + 1, unboxing.id, { posted_at: '2026-07-02T12:00:00.000Z' }),
    );
    const s = service(many);
    renderApp(paths.metrics.href(GLOW_LAB.id, spring.id));
    const region = () => screen.getByRole('region', { name: 'Views and engagement over time' });
    await waitFor(() => expect(region()).toHaveTextContent('Built from 230 posts'), {
      timeout: 8000,
    });
    expect(region()).not.toHaveTextContent('loading more');
    const pages = s.requests.filter((r) => r.url.pathname.endsWith(`${spring.id}/posts`));
    expect(pages.map((r) => r.url.searchParams.get('starting_after'))).toEqual([
      null,
      '100',
      '200',
    ]);
  });

  it('opens the newest campaign by default and says when a campaign has no posts', async () => {
    service();
    renderApp(paths.metrics.href(GLOW_LAB.id));
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveValue(summer.id);
  });

  it('opens the newest active campaign by default, not a newer one still pending approval', async () => {
    const pending = makeCampaign(3, { name: 'Autumn teaser', status: 'pending_approval' });
    service(undefined, [pending]);
    renderApp(paths.metrics.href(GLOW_LAB.id));
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveValue(summer.id);
  });

  it('has no accessibility violations axe can find', async () => {
    service();
    const user = userEvent.setup();
    const { container } = renderApp(paths.metrics.href(GLOW_LAB.id, spring.id));
    const funnel = await screen.findByRole('region', { name: 'Funnel' });
    await user.click(within(funnel).getByRole('button', { name: 'Table' }));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
