import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeCampaign } from '../../../features/campaigns/test/fixtures';
import { configureApiClient } from '../../../lib/api-client';
import { activityService, makeCreator } from '../../../test/activity-service';
import { renderApp } from '../../../test/campaign-service';
import { errorResponse, GLOW_LAB } from '../../../test/http';

configure({ asyncUtilTimeout: 3000 });

const spring = makeCampaign(1, { name: 'Spring launch' });
const summer = makeCampaign(2, { name: 'Summer glow' });

afterEach(() => configureApiClient({ credentials: () => null }));

function world() {
  const creators = {
    [spring.id]: [
      makeCreator(3),
      makeCreator(2),
      makeCreator(1),
      makeCreator(4, {
        status: 'approved',
        decided_at: '2026-07-02T10:00:00Z',
        spend_cents: 12345,
      }),
    ],
    [summer.id]: [makeCreator(9)],
  };
  // creator2 was approved by someone else in the meantime.
  const service = activityService({
    campaigns: [summer, spring],
    creators,
    override: (method, url) =>
      method === 'POST' && url.pathname.endsWith('/creators/creator_2/approve')
        ? errorResponse(409, 'already_decided', 'already_decided: approved at 2026-07-02T09:00:00Z')
        : undefined,
  });
  return { ...service, creators };
}

describe('creators', { timeout: 15_000 }, () => {
  it('lists a campaign’s creators by status with counts, metrics and spend; the URL holds the choice', async () => {
    world();
    const user = userEvent.setup();
    const { router } = renderApp(paths.creators.href(GLOW_LAB.id));
    // The newest campaign is chosen first.
    expect(await screen.findByRole('row', { name: /@creator9/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), spring.id);
    expect(await screen.findByRole('row', { name: /@creator3/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Applied' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const row = await screen.findByRole('row', { name: /@creator4/ });
    expect(row).toHaveTextContent('$123.45');
    expect(row).toHaveTextContent('4,000');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
    expect(new URLSearchParams(router.state.location.search).get('campaign')).toBe(spring.id);
  });

  it('approves many with a progress bar and a result per row, failures included', async () => {
    const service = world();
    const user = userEvent.setup();
    renderApp(`${paths.creators.href(GLOW_LAB.id)}?campaign=${spring.id}`);
    await screen.findByRole('row', { name: /@creator3/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const bar = await screen.findByRole('progressbar', { name: 'Decisions sent' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '3'));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getByText('3 of 3 done, 1 failed')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Failures' })).getByText(
        '@creator2: already_decided: approved at 2026-07-02T09:00:00Z',
      ),
    ).toBeInTheDocument();
    const approvals = service.decisionRequests();
    expect(approvals).toHaveLength(3);
    expect(approvals.every((p) => p.endsWith('/approve'))).toBe(true);
  });

  it('rejects one with a reason', async () => {
    const service = world();
    const user = userEvent.setup();
    renderApp(`${paths.creators.href(GLOW_LAB.id)}?campaign=${spring.id}`);
    await user.click(await screen.findByRole('button', { name: 'Reject creator1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject @creator1' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Audience too small',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject creator' }));
    await waitFor(() => expect(service.decisionRequests()).toHaveLength(1));
    const call = service.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(call[0])).toMatch(/\/creators\/creator_1\/reject$/);
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reason: 'Audience too small' });
  });

  it('has no accessibility violations axe can find', async () => {
    world();
    const { container } = renderApp(`${paths.creators.href(GLOW_LAB.id)}?campaign=${spring.id}`);
    await screen.findByRole('row', { name: /@creator3/ });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
