import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import type { Submission } from '#contract/submissions';
import { realService, type Team } from '#testing/service';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { renderApp } from '#test/app';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
afterEach(() => configureApiClient({ credentials: () => null }));

/** Posts on Instagram: more than one export page of 100. */
const INSTAGRAM = 101;
const TIKTOK = 2;

/**
 * "Spring launch" (creators approve first; its task's title starts with "=" and holds a comma
 * and quotes) with 103 approved creators, each with one post, and one creator still applied.
 */
let world: Promise<{ team: Team; campaign: Campaign; tag: string }> | null = null;
function springLaunch() {
  world ??= (async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const team = await service.world.brandTeam();
    const campaign = await service.world.campaign(team, 'active', {
      name: 'Spring launch',
      settings: { creator_approval_required: true },
      tasks: [
        {
          title: '=Unboxing, "boxed"',
          instructions: 'Open the box on camera.',
          platforms: ['instagram', 'tiktok'],
        },
      ],
    });
    const taskId = campaign.tasks![0]!.id;
    for (let i = 0; i < INSTAGRAM + TIKTOK; i++) {
      const creator = await service.world.approvedCreator(team, campaign, {
        username: `c${i}_${tag}`,
      });
      const submission = await service.world.submit(campaign.id, creator.id, taskId);
      await service.world.api<Submission>(
        team,
        'POST',
        `/campaigns/${campaign.id}/submissions/${submission.id}/approve`,
      );
      const platform = i < INSTAGRAM ? 'instagram' : 'tiktok';
      await service.world.post(submission.id, {
        platform,
        url: `https://www.${platform}.com/p/${tag}${i}`,
      });
    }
    const waiting = await service.world.creator({ username: `waiting_${tag}` });
    await service.world.apply(campaign.id, waiting.id);
    return { team, campaign, tag };
  })();
  return world;
}

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

const linesOf = (blob: Blob) =>
  new Promise<string[]>((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        String(reader.result)
          .replace(/^\ufeff/, '')
          .trimEnd()
          .split('\r\n'),
      );
    reader.readAsText(blob);
  });

describe('CSV exports', { timeout: 120_000 }, () => {
  it('exports every page of the filtered posts, escaped and safe for spreadsheets', async () => {
    const { team, campaign } = await springLaunch();
    const files = catchDownloads();
    const user = userEvent.setup();
    renderApp(
      `${paths.posts.href(team.brand.id)}?campaign=${campaign.id}&platform=instagram`,
      team.key,
    );
    await user.click(await screen.findByRole('button', { name: 'Export posts as CSV' }));
    expect(
      await screen.findByText(new RegExp(`Exported ${INSTAGRAM} rows to posts-spring-launch-`)),
    ).toBeVisible();
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^posts-spring-launch-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = await linesOf(files[0]!.blob);
    expect(lines[0]).toBe(
      'post_id,creator_id,creator_username,task_id,task,platform,is_story,status,posted_at,views,likes,comments,shares,saves,metrics_updated_at,url',
    );
    expect(lines).toHaveLength(INSTAGRAM + 1);
    expect(lines.slice(1).every((l) => l.includes(',instagram,'))).toBe(true);
    // The task title starts with "=": defused; its comma and quotes are quoted.
    expect(lines[1]).toContain(`,"'=Unboxing, ""boxed""",`);
    // Every page was asked for with the filter, 100 a page.
    const exportRequests = service.requests.filter(
      (r) => r.path.endsWith('/posts') && r.url.searchParams.get('limit') === '100',
    );
    expect(exportRequests.map((r) => r.url.searchParams.get('platform'))).toEqual([
      'instagram',
      'instagram',
    ]);
    expect(exportRequests[0]!.url.searchParams.get('starting_after')).toBeNull();
    expect(exportRequests[1]!.url.searchParams.get('starting_after')).not.toBeNull();
  });

  it('exports the creators of the open tab', async () => {
    const { team, campaign, tag } = await springLaunch();
    const files = catchDownloads();
    const user = userEvent.setup();
    renderApp(
      `${paths.creators.href(team.brand.id)}?campaign=${campaign.id}&status=approved`,
      team.key,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Export approved creators as CSV' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = await linesOf(files[0]!.blob);
    expect(lines).toHaveLength(INSTAGRAM + TIKTOK + 1);
    expect(lines.some((l) => l.includes(`waiting_${tag}`))).toBe(false);
    const first = lines.find((l) => l.includes(`,c0_${tag},`))!.split(',');
    // status, then submitted, in_review, approved, rejected, posts; spend in dollars.
    expect(first[2]).toBe('approved');
    expect(first.slice(5, 10)).toEqual(['1', '0', '1', '0', '1']);
    // Fit and properties follow the spend (empty cells here: no targeting, no properties).
    expect(first[lines[0]!.split(',').indexOf('spend_usd')]).toBe('0.00');
    expect(files[0]!.name).toMatch(/^creators-approved-spring-launch-/);
  });
});
