import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeCampaign } from '../../../features/campaigns/test/fixtures';
import { configureApiClient } from '../../../lib/api-client';
import { activityService } from '../../../test/activity-service';
import { renderApp } from '../../../test/campaign-service';
import { GLOW_LAB, errorResponse, jsonResponse } from '../../../test/http';

configure({ asyncUtilTimeout: 3000 });

afterEach(() => configureApiClient({ credentials: () => null }));

const spring = makeCampaign(1, { name: 'Spring launch', status: 'active' });
const summer = makeCampaign(2, { name: 'Summer glow', status: 'completed' });
const draft = makeCampaign(3, { name: 'Draft idea', status: 'draft' });

const report = (campaignId: string, views: number, engagements: number, spent: number) => ({
  campaign_id: campaignId,
  funnel: {
    creators_applied: 9,
    creators_approved: 3,
    submissions_in_review: 1,
    submissions_approved: 2,
    posts: 2,
  },
  performance: {
    views,
    likes: engagements,
    comments: 0,
    shares: 0,
    saves: 0,
    engagement_rate: views ? engagements / views : 0,
  },
  spend: {
    spent_cents: spent,
    effective_cpm_cents: views ? Math.round((spent * 1000) / views) : 0,
  },
  as_of: '2026-07-04T10:30:00.000Z',
});

function service(failFor?: string) {
  return activityService({
    campaigns: [draft, summer, spring],
    override: (_method, url) => {
      const m = /^\/2026-07\/campaigns\/([^/]+)\/metrics$/.exec(url.pathname);
      if (!m) return undefined;
      if (m[1] === failFor) return errorResponse(404, 'not_found', 'No such campaign.');
      return m[1] === spring.id
        ? jsonResponse(report(spring.id, 1000, 100, 5000))
        : jsonResponse(report(summer.id, 3000, 60, 10000));
    },
  });
}

describe('overview', { timeout: 15_000 }, () => {
  it('puts the campaigns side by side and totals them from the summed metrics', async () => {
    service();
    renderApp(paths.overview.href(GLOW_LAB.id));
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
      paths.metrics.href(GLOW_LAB.id, spring.id),
    );
  });

  it('narrows to running campaigns and says when one campaign’s figures failed', async () => {
    service(spring.id);
    const user = userEvent.setup();
    const { router } = renderApp(paths.overview.href(GLOW_LAB.id));
    const table = await screen.findByRole('table', {
      name: 'Campaigns and their headline figures',
    });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Spring launch/ })).toHaveTextContent(
        'could not be loaded',
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaigns' }), 'running');
    await waitFor(() => expect(router.state.location.search).toBe('?show=running'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table')).queryByRole('row', { name: /Summer glow/ }),
      ).toBeNull(),
    );
  });
});
