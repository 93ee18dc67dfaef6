import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { configureApiClient } from '../../lib/api-client';
import { activityService, makeCreator, makePost } from '../../test/activity-service';
import { renderApp } from '../../test/campaign-service';
import { GLOW_LAB } from '../../test/http';
import { makeCampaign, makeTask } from '../campaigns/test/fixtures';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => configureApiClient({ credentials: () => null }));

const task = makeTask(1, { title: '=Unboxing' });
const spring = makeCampaign(1, { name: 'Spring launch', tasks: [task] });

/** Catches the file the browser would save: its name and text. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        last = blob;
        return 'blob:export';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) files.push({ name: this.download, blob: last });
  });
  return files;
}

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('CSV exports', { timeout: 20_000 }, () => {
  it('exports every page of the filtered posts, escaped and safe for spreadsheets', async () => {
    const posts = Array.from({ length: 260 }, (_, i) =>
      makePost(i + 1, task.id, {
        platform: i % 2 ? 'tiktok' : 'instagram',
        creator_username: i === 0 ? '@evil,"name"' : `creator${i + 1}`,
      }),
    );
    const s = activityService({ campaigns: [spring], posts: { [spring.id]: posts } });
    const files = catchDownloads();
    const user = userEvent.setup();
    renderApp(`${paths.posts.href(GLOW_LAB.id)}?platform=instagram`);
    await user.click(await screen.findByRole('button', { name: 'Export posts as CSV' }));
    expect(await screen.findByText(/Exported 130 rows to posts-spring-launch-/)).toBeVisible();
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^posts-spring-launch-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await textOf(files[0]!.blob);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      'post_id,creator_id,creator_username,task_id,task,platform,is_story,status,posted_at,views,likes,comments,shares,saves,metrics_updated_at,url',
    );
    expect(lines).toHaveLength(130 + 2);
    expect(lines.slice(1, -1).every((l) => l.includes(',instagram,'))).toBe(true);
    // The task title starts with "=": defused. The username is quoted with its quotes doubled.
    expect(lines[1]).toContain(`,'=Unboxing,`);
    expect(lines[1]).toContain(`,"'@evil,""name""",`);
    // Every page was asked for with the filter, 100 a page.
    const exportRequests = s.requests.filter(
      (r) => r.url.pathname.endsWith('/posts') && r.url.searchParams.get('limit') === '100',
    );
    expect(
      exportRequests.map((r) => [
        r.url.searchParams.get('platform'),
        r.url.searchParams.get('starting_after'),
      ]),
    ).toEqual([
      ['instagram', null],
      ['instagram', '100'],
    ]);
  });

  it('exports the creators of the open tab', async () => {
    activityService({
      campaigns: [spring],
      creators: {
        [spring.id]: [
          ...Array.from({ length: 120 }, (_, i) => makeCreator(i + 1, { status: 'approved' })),
          makeCreator(999, { status: 'applied' }),
        ],
      },
    });
    const files = catchDownloads();
    const user = userEvent.setup();
    renderApp(`${paths.creators.href(GLOW_LAB.id)}?status=approved`);
    await user.click(
      await screen.findByRole('button', { name: 'Export approved creators as CSV' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await textOf(files[0]!.blob))
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(121);
    expect(lines[1]).toBe(
      'creator_1,creator1,approved,2026-07-01T09:01:00.000Z,,1,1,0,0,0,1000,10,1,0,0,5.00',
    );
    expect(files[0]!.name).toMatch(/^creators-approved-spring-launch-/);
  });
});
