import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Campaign } from '#contract/campaigns';
import { sql } from 'drizzle-orm';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { stubResizeObserver } from '#test/dom';
import { realService, type Team } from '#testing/service';

// Getting a campaign live (docs/api.md#getting-live) in the dashboard, on the real service: a
// pending campaign says when it was sent, what happens next and how long review usually takes,
// offers Withdraw to edit, and the user is told on any screen when the platform decides.

configure({ asyncUtilTimeout: 8000 });

const service = realService();

beforeEach(stubResizeObserver);
// Toasts live in a store of their own: one test's must not crowd the next one's.
afterEach(() => {
  toast.dismiss();
});

const body = (name: string) => ({
  name,
  description: 'Show the serum in your morning routine.',
  tasks: [{ title: 'Unboxing', instructions: 'Film the unboxing.', platforms: ['tiktok'] }],
});

const pending = (team: Team, name: string) =>
  service.world.campaign(team, 'pending_approval', body(name) as never);

/**
 * Waits until the list on screen follows the live events: a draft made elsewhere shows in its
 * count (`shown` campaigns before), so a decision made afterwards reaches the app.
 */
async function streamFollowed(team: Team, shown: number) {
  await service.world.campaign(team, 'draft', { name: 'Made elsewhere' });
  expect(await screen.findAllByText(`${shown + 1} campaigns.`)).not.toHaveLength(0);
}

const panel = () => screen.findByRole('region', { name: 'Waiting for the platform’s approval' });

describe('a campaign waiting for approval', { timeout: 30_000 }, () => {
  // First in the file: how long review takes is read from every decision of this database.
  it('says when it was sent, what happens next and how long review usually takes', async () => {
    await service.ctx.db.execute(sql`
      insert into publish_reviews (campaign_id, requested_at, decided_at, approved)
      select gen_random_uuid(), now() - interval '40 seconds', now(), true
      from generate_series(1, 12)`);
    const team = await service.world.brandTeam();
    const campaign = await pending(team, 'Summer glow');
    const { container } = renderApp(paths.campaign.href(team.brand.id, campaign.id), team.key);

    const region = await panel();
    expect(region).toHaveTextContent(
      'Pending approval: the platform checks the campaign before it goes live.',
    );
    expect(region).toHaveTextContent(/Sent for approval \w{3} \d{1,2}, \d{4}/);
    expect(region).toHaveTextContent(
      'What happens next: once it is approved, the campaign goes live and creators can join.',
    );
    await waitFor(() => expect(region).toHaveTextContent('Review usually takes about 40 seconds.'));
    expect(within(region).getByRole('button', { name: 'Withdraw to edit' })).toBeVisible();
    // Nothing else to do while it waits: no Publish, no Edit.
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });

  it('withdraws to edit: a draft again, with Edit and Publish', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    const campaign = await pending(team, 'Autumn glow');
    renderApp(paths.campaign.href(team.brand.id, campaign.id), team.key);

    await user.click(within(await panel()).getByRole('button', { name: 'Withdraw to edit' }));

    await waitFor(() => expect(screen.getByText('Request withdrawn')).toBeVisible());
    expect(
      screen.getByText('“Autumn glow” is a draft again: edit it, then publish it again.'),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Waiting for the platform’s approval' }),
    ).toBeNull();
    const after = await service.world.api<Campaign>(team, 'GET', `/campaigns/${campaign.id}`);
    expect(after).toMatchObject({ status: 'draft', publish_requested_at: null });
  });

  it('says why a withdrawal is refused when the review decided first', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    const campaign = await pending(team, 'Winter glow');
    renderApp(paths.campaign.href(team.brand.id, campaign.id), team.key);
    const button = within(await panel()).getByRole('button', { name: 'Withdraw to edit' });

    // The platform approves it while the request is on its way; the service refuses it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    service.intercept(async (r) => {
      if (r.method !== 'POST' || !r.path.endsWith('/withdraw')) return undefined;
      await held;
      await service.world.ops('POST', `/ops/campaigns/${campaign.id}/review`, {
        decision: 'approved',
      });
      return undefined;
    });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Withdrawing…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    release();

    await waitFor(() => expect(screen.getByText('Could not withdraw the request')).toBeVisible());
    expect(
      screen.getByText(
        'status: a campaign that is active cannot be withdrawn (only one that is pending_approval)',
      ),
    ).toBeVisible();
    // The page reads the campaign again: live now.
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
  });
});

describe('the outcome of a publish request', { timeout: 30_000 }, () => {
  it('is told on another screen: live, or not approved with the reason, each with a link', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    const live = await pending(team, 'Goes live');
    const denied = await pending(team, 'Needs work');
    const { router } = renderApp(paths.campaigns.href(team.brand.id), team.key);
    // The list shows both waiting (jsdom draws no virtual rows: its count says it has read them).
    expect(await screen.findAllByText('2 campaigns.')).not.toHaveLength(0);
    await streamFollowed(team, 2);

    await service.world.ops('POST', `/ops/campaigns/${live.id}/review`, { decision: 'approved' });
    // A toast fades in: wait until it shows. (Toasts stack: the newest is in front.)
    await waitFor(() => expect(screen.getByText('“Goes live” is live')).toBeVisible());
    expect(
      screen.getByText('The platform approved it: creators can join now.', { exact: false }),
    ).toBeVisible();
    await service.world.ops('POST', `/ops/campaigns/${denied.id}/review`, {
      decision: 'denied',
      reason: 'Add a brief with the dos and don’ts.',
    });
    await waitFor(() => expect(screen.getByText('“Needs work” was not approved')).toBeVisible());
    expect(screen.getByText(/Add a brief with the dos and don’ts\./)).toBeVisible();
    // A toast captures the pointer to be swiped away; jsdom has no pointer capture.
    Element.prototype.setPointerCapture ??= () => undefined;
    await user.click(screen.getByRole('link', { name: 'Open “Needs work”' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.campaign.href(team.brand.id, denied.id)),
    );
    expect(await screen.findByText('Publish request denied')).toBeVisible();
  });

  it('is not told for a withdrawal, which the user made', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    const campaign = await pending(team, 'Taken back');
    const other = await pending(team, 'Control');
    // The list has shown both waiting; then the user opens one.
    const { router } = renderApp(paths.campaigns.href(team.brand.id), team.key);
    expect(await screen.findAllByText('2 campaigns.')).not.toHaveLength(0);
    await streamFollowed(team, 2);
    await router.navigate(paths.campaign.href(team.brand.id, campaign.id));
    await user.click(within(await panel()).getByRole('button', { name: 'Withdraw to edit' }));
    await waitFor(() => expect(screen.getByText('Request withdrawn')).toBeVisible());

    // The positive control: a decision after it is told, so the withdrawal's events were read.
    await service.world.ops('POST', `/ops/campaigns/${other.id}/review`, { decision: 'approved' });
    await service.world.api(team, 'GET', `/campaigns/${other.id}`);
    await waitFor(() => expect(screen.getByText('“Control” is live')).toBeVisible());
    expect(screen.queryByText(/“Taken back” (is live|was not approved)/)).toBeNull();
  });
});
