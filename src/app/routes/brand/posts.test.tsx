import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { makeCampaign, makeTask } from '#features/campaigns/test/fixtures';
import { PostLink } from '#features/posts/components/posts-panel';
import { configureApiClient } from '#lib/api-client';
import { activityService, makeCreator, makePost } from '#test/activity-service';
import { renderApp } from '#test/campaign-service';
import { GLOW_LAB } from '#test/http';

configure({ asyncUtilTimeout: 3000 });

const task = makeTask(1, { title: 'Unboxing', platforms: ['tiktok', 'instagram'] });
const spring = makeCampaign(1, { name: 'Spring launch', tasks: [task] });

afterEach(() => configureApiClient({ credentials: () => null }));

const postRequests = (service: ReturnType<typeof activityService>) =>
  service.requests.filter((r) => r.url.pathname.endsWith('/posts')).map((r) => r.url.searchParams);

describe('posts', { timeout: 15_000 }, () => {
  it('shows posts with metrics and a safe link to each', async () => {
    activityService({
      campaigns: [spring],
      posts: { [spring.id]: [makePost(2, task.id), makePost(1, task.id, { status: 'deleted' })] },
    });
    renderApp(paths.posts.href(GLOW_LAB.id));
    const link = await screen.findByRole('link', { name: /Open post by @creator2 on TikTok/ });
    expect(link).toHaveAttribute('href', 'https://www.tiktok.com/@creator2/video/2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const row = screen.getByRole('row', { name: /@creator1/ });
    expect(row).toHaveTextContent('Deleted');
    expect(row).toHaveTextContent('Unboxing');
  });

  it('keeps the filters in the URL and sends them to the service', async () => {
    const service = activityService({
      campaigns: [spring],
      posts: {
        [spring.id]: [
          makePost(3, task.id, { platform: 'instagram' }),
          makePost(2, task.id),
          makePost(1, task.id, { platform: 'instagram' }),
        ],
      },
      creators: { [spring.id]: [1, 2, 3].map((n) => makeCreator(n, { status: 'approved' })) },
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.posts.href(GLOW_LAB.id));
    await screen.findByRole('row', { name: /@creator2/ });
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
    await user.selectOptions(screen.getByRole('combobox', { name: 'Task' }), task.id);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Task' })).toHaveValue(task.id),
    );
    // People pick a creator by handle; the service is asked for the creator's id.
    const creator = screen.getByRole('combobox', { name: 'Creator' });
    await within(creator).findByRole('option', { name: '@creator1' });
    await user.selectOptions(creator, '@creator1');
    await waitFor(() => expect(screen.queryByRole('row', { name: /@creator3/ })).toBeNull());
    expect(screen.queryByRole('row', { name: /@creator2/ })).toBeNull();
    expect(screen.getByRole('row', { name: /@creator1/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        campaign: spring.id,
        platform: 'instagram',
        status: 'live',
        task: task.id,
        creator: 'creator_1',
      }),
    );
    await waitFor(() => expect(postRequests(service).at(-1)!.get('creator_id')).toBe('creator_1'));
    const last = postRequests(service).at(-1)!;
    expect(last.get('platform')).toBe('instagram');
    expect(last.get('status')).toBe('live');
    expect(last.get('task_id')).toBe(task.id);
    expect(last.get('creator_id')).toBe('creator_1');
  });

  it('turns the day range into posted_after / posted_before from the URL', async () => {
    const service = activityService({ campaigns: [spring], posts: { [spring.id]: [] } });
    renderApp(`${paths.posts.href(GLOW_LAB.id)}?from=2026-07-01&to=2026-07-03`);
    expect(await screen.findByText('No posts')).toBeInTheDocument();
    const last = postRequests(service).at(-1)!;
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
    activityService({ campaigns: [spring], posts: { [spring.id]: [makePost(2, task.id)] } });
    const { container } = renderApp(paths.posts.href(GLOW_LAB.id));
    await screen.findByRole('row', { name: /@creator2/ });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
