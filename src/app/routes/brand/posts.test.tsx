import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { PostLink } from '#features/posts/components/posts-panel';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign, tag } from '#test/world';
import { realService } from '#testing/service';

configure({ asyncUtilTimeout: 8000 });

const service = realService();

/** A brand with an active campaign whose one task can be posted on TikTok and Instagram. */
async function postsWorld() {
  const { team, campaign } = await brandWithActiveCampaign(service, 'Posts', {
    name: 'Spring launch',
    tasks: [{ title: 'Unboxing', instructions: 'Film it.', platforms: ['tiktok', 'instagram'] }],
  });
  return { team, campaign, taskId: campaign.tasks![0]!.id };
}

const postRequests = () =>
  service.requests.filter((r) => r.path.endsWith('/posts')).map((r) => r.url.searchParams);

describe('posts', { timeout: 30_000 }, () => {
  it('shows posts with metrics and a safe link to each', async () => {
    const { world } = service;
    const { team, campaign } = await postsWorld();
    const t = tag();
    const deleted = await world.livePost(team, campaign, { username: `one_${t}` });
    await world.takeDown(deleted.id);
    await world.livePost(team, campaign, {
      username: `two_${t}`,
      post: { platform: 'tiktok', url: `https://www.tiktok.com/@two_${t}/video/2` },
    });
    renderApp(paths.posts.href(team.brand.id), team.key);
    const link = await screen.findByRole('link', {
      name: new RegExp(`Open post by @two_${t} on TikTok`),
    });
    expect(link).toHaveAttribute('href', `https://www.tiktok.com/@two_${t}/video/2`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const row = screen.getByRole('row', { name: new RegExp(`@one_${t}`) });
    expect(row).toHaveTextContent('Deleted');
    expect(row).toHaveTextContent('Unboxing');
  });

  it('keeps the filters in the URL and sends them to the service', async () => {
    const { world } = service;
    const { team, campaign, taskId } = await postsWorld();
    const t = tag();
    const one = await world.approvedCreator(team, campaign, { username: `one_${t}` });
    const instagram = (n: number) => ({
      platform: 'instagram',
      url: `https://www.instagram.com/p/${t}${n}/`,
    });
    await world.livePost(team, campaign, { creator: one, post: instagram(1) });
    await world.livePost(team, campaign, { username: `two_${t}` });
    await world.livePost(team, campaign, { username: `three_${t}`, post: instagram(3) });
    const user = userEvent.setup();
    const { router } = renderApp(paths.posts.href(team.brand.id), team.key);
    await screen.findByRole('row', { name: new RegExp(`@two_${t}`) });
    const settled = (query: string) =>
      waitFor(() => expect(router.state.location.search).toContain(query));
    // Each change commits (in a transition) before the next one is made.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'instagram');
    await settled('platform=instagram');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('instagram'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'live');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('live'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Task' }), taskId);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Task' })).toHaveValue(taskId));
    // People pick a creator by handle; the service is asked for the creator's id.
    const creator = screen.getByRole('combobox', { name: 'Creator' });
    // The creators are read when the filter is used, not to open the screen.
    const creatorReads = () =>
      service.requests.filter((r) => r.path === `/campaigns/${campaign.id}/creators`).length;
    expect(creatorReads()).toBe(0);
    creator.focus();
    await within(creator).findByRole('option', { name: `@one_${t}` });
    expect(creatorReads()).toBe(1);
    await user.selectOptions(creator, `@one_${t}`);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(`@three_${t}`) })).toBeNull(),
    );
    expect(screen.queryByRole('row', { name: new RegExp(`@two_${t}`) })).toBeNull();
    expect(screen.getByRole('row', { name: new RegExp(`@one_${t}`) })).toBeInTheDocument();
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        campaign: campaign.id,
        platform: 'instagram',
        status: 'live',
        task: taskId,
        creator: one.id,
      }),
    );
    await waitFor(() => expect(postRequests().at(-1)!.get('creator_id')).toBe(one.id));
    const last = postRequests().at(-1)!;
    expect(last.get('platform')).toBe('instagram');
    expect(last.get('status')).toBe('live');
    expect(last.get('task_id')).toBe(taskId);
    expect(last.get('creator_id')).toBe(one.id);
  });

  it('turns the day range into posted_after / posted_before from the URL', async () => {
    const { world } = service;
    const { team, campaign } = await postsWorld();
    // Posted today: outside the range asked for.
    await world.livePost(team, campaign);
    renderApp(`${paths.posts.href(team.brand.id)}?from=2026-07-01&to=2026-07-03`, team.key);
    expect(await screen.findByText('No posts')).toBeInTheDocument();
    const last = postRequests().at(-1)!;
    expect(last.get('posted_after')).toBe(new Date(2026, 6, 1).toISOString());
    expect(last.get('posted_before')).toBe(new Date(2026, 6, 4).toISOString());
    expect(screen.getByLabelText('Posted from')).toHaveValue('2026-07-01');
  });

  it('never links an address that is not http(s)', () => {
    render(
      <PostLink post={{ url: 'javascript:alert(1)', creator_username: 'x', platform: 'tiktok' }} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('has no accessibility violations axe can find', async () => {
    const { team, campaign } = await postsWorld();
    const t = tag();
    await service.world.livePost(team, campaign, { username: `two_${t}` });
    const { container } = renderApp(paths.posts.href(team.brand.id), team.key);
    await screen.findByRole('row', { name: new RegExp(`@two_${t}`) });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
