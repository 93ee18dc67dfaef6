import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Campaign } from '#contract/campaigns';
import type { Post } from '#contract/posts';
import type { Submission } from '#contract/submissions';
import { realService, type Team } from '#testing/service';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { chooseCampaign } from '#test/campaign-picker';

// Generous: three screens each load their campaigns from the in-process service (slow on a busy machine).
configure({ asyncUtilTimeout: 15_000 });

const service = realService();

// The screens are lazy: the first visit of each in a test file loads and compiles its code, several
// seconds on a busy machine inside the waits below. Loaded here first, the waits cover the
// service's answers and React's render (docs/decisions/0114-test-suite-speed.md).
beforeAll(async () => {
  await Promise.all([
    import('#app/routes/brand-layout'),
    import('#app/routes/brand/metrics'),
    import('#app/routes/brand/posts'),
    import('#app/routes/brand/creators'),
  ]);
}, 60_000);
const tag = () => Math.random().toString(36).slice(2, 7);

/** A creator approved on the campaign sends content to its first task. */
async function sent(team: Team, campaign: Campaign, name: string): Promise<Submission> {
  const creator = await service.world.approvedCreator(team, campaign, { username: name });
  return service.world.submit(campaign.id, creator.id, campaign.tasks![0]!.id);
}

async function approvedAndPosted(team: Team, campaign: Campaign, name: string, views: number) {
  const s = await sent(team, campaign, name);
  await service.world.api(team, 'POST', `/campaigns/${campaign.id}/submissions/${s.id}/approve`);
  const post = await service.world.post(s.id);
  const shares = { likes: views / 10, comments: views / 100, shares: 0, saves: 0 };
  await service.world.ops('PATCH', `/ops/posts/${post.id}/metrics`, { views, ...shares });
  return post;
}

/**
 * A brand with one active campaign: three creators approved and one waiting; content from three
 * of them: one in review, two approved and posted (1,000 and 4,000 views), the second then taken
 * down. The creator sequence is 4 applied → 3 approved; content 2 submitted (1 in review) → 1
 * approved → 1 posted.
 */
async function metricsWorld() {
  const t = tag();
  const team = await service.world.brandTeam({ name: `Glow ${t}` });
  const campaign = await service.world.campaign(team, 'active', {
    name: 'Spring launch',
    settings: { creator_approval_required: true },
  });
  await sent(team, campaign, `ana_${t}`);
  await approvedAndPosted(team, campaign, `ben_${t}`, 1000);
  const gone: Post = await approvedAndPosted(team, campaign, `cy_${t}`, 4000);
  await service.world.ops('POST', `/ops/posts/${gone.id}/take-down`);
  const waiting = await service.world.creator({ username: `dee_${t}` });
  await service.world.apply(campaign.id, waiting.id);
  return { team, campaign };
}

describe('metrics against the service', { timeout: 60_000 }, () => {
  it('shows creators and content as two sequences, none over 100%, and one set of figures without the deleted post', async () => {
    const { team, campaign } = await metricsWorld();
    const user = userEvent.setup();
    renderApp(paths.metrics.href(team.brand.id, campaign.id), team.key);

    const figures = await screen.findByRole('region', { name: 'Performance and spend' });
    // Only the live post counts: 1,000 views, not the 5,000 the deleted post would add.
    expect(within(figures).getByText('Views').nextSibling).toHaveTextContent(/^1,000$/);
    expect(within(figures).getByText('Live posts').nextSibling).toHaveTextContent(/^1$/);

    const funnel = screen.getByRole('region', { name: 'Funnel' });
    expect(within(funnel).getByRole('img')).toHaveAccessibleName(
      'Creators: Applied 4, Approved 3 (75% of the step before). Content: Submitted 2, Approved 1 (50% of the step before), Posted 1 (100% of the step before).',
    );
    const shares = [...funnel.textContent!.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1]));
    expect(Math.max(...shares)).toBeLessThanOrEqual(100);
    await user.click(within(funnel).getByRole('button', { name: 'Table' }));
    expect(
      within(funnel)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'SequenceStepCountShare of the step before',
      'CreatorsApplied4—',
      'CreatorsApproved375%',
      'ContentSubmitted (1 in review)2—',
      'ContentApproved150%',
      'ContentPosted (live posts)1100%',
    ]);

    const timeline = await screen.findByRole('region', { name: 'Views and engagement over time' });
    await waitFor(() => expect(timeline).toHaveTextContent('Totals at the end of each day'));
    await user.click(within(timeline).getByRole('button', { name: 'Table' }));
    const rows = within(timeline).getAllByRole('row');
    // Newest day first: today's totals are the report's figures (docs/api.md#metrics-history).
    const today = within(rows[1]!).getAllByRole('cell');
    expect(today[0]).toHaveTextContent(/^1,000$/);
  });

  it('opens the newest active campaign, not a newer one pending approval, and then the one last chosen on Metrics only', async () => {
    const team = await service.world.brandTeam({ name: `Pick ${tag()}` });
    const older = await service.world.campaign(team, 'active', { name: 'Older active' });
    const active = await service.world.campaign(team, 'active', { name: 'Newer active' });
    await service.world.campaign(team, 'pending_approval', { name: 'Waiting for approval' });
    const user = userEvent.setup();

    const metrics = renderApp(paths.metrics.href(team.brand.id), team.key);
    const picker = await screen.findByRole('combobox', { name: 'Campaign' });
    await waitFor(() => expect(picker).toHaveValue('Newer active'));
    // The URL names the campaign shown, so a reload or a shared link opens the same one.
    expect(metrics.router.state.location.search).toBe(`?campaign=${active.id}`);
    await chooseCampaign(user, 'Older active');
    await waitFor(() => expect(metrics.router.state.location.search).toBe(`?campaign=${older.id}`));
    // The router's location changes before React renders the screen for it: wait for the picker
    // to show the choice before the next screen opens.
    await waitFor(() => expect(picker).toHaveValue('Older active'));
    metrics.unmount();

    // Each screen remembers its own (docs/decisions/0165): Posts and Creators keep their default.
    for (const href of [paths.posts.href(team.brand.id), paths.creators.href(team.brand.id)]) {
      const view = renderApp(href, team.key);
      const other = await screen.findByRole('combobox', { name: 'Campaign' });
      await waitFor(() => expect(other).toHaveValue('Newer active'));
      expect(view.router.state.location.search).toBe(`?campaign=${active.id}`);
      view.unmount();
    }
    const again = renderApp(paths.metrics.href(team.brand.id), team.key);
    const picker2 = await screen.findByRole('combobox', { name: 'Campaign' });
    await waitFor(() => expect(picker2).toHaveValue('Older active'));
    expect(again.router.state.location.search).toBe(`?campaign=${older.id}`);
  });

  it('lets people filter posts by a creator’s handle', async () => {
    const { team, campaign } = await metricsWorld();
    const user = userEvent.setup();
    const { router } = renderApp(
      `${paths.posts.href(team.brand.id)}?campaign=${campaign.id}`,
      team.key,
    );
    const creator = await screen.findByRole('combobox', { name: 'Creator' });
    // The creators are read when the filter is used, not to open the screen.
    expect(within(creator).getAllByRole('option')).toHaveLength(1);
    await user.click(creator);
    const ben = await within(creator).findByRole('option', { name: /^@ben_/ });
    expect(
      within(creator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All creators',
      ...['ana', 'ben', 'cy'].map((n) => expect.stringMatching(new RegExp(`^@${n}_`))),
    ]);
    await user.selectOptions(creator, ben);
    await waitFor(() =>
      expect(router.state.location.search).toContain(
        `creator=${encodeURIComponent(ben.getAttribute('value')!)}`,
      ),
    );
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent(/@ben_/);
  });

  it('has no accessibility violations axe can find', async () => {
    const { team, campaign } = await metricsWorld();
    const user = userEvent.setup();
    const { container } = renderApp(paths.metrics.href(team.brand.id, campaign.id), team.key);
    const funnel = await screen.findByRole('region', { name: 'Funnel' });
    await screen.findByRole('region', { name: 'Views and engagement over time' });
    await user.click(within(funnel).getByRole('button', { name: 'Table' }));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
