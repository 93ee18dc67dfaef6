import type { APIRequestContext, Page } from '@playwright/test';
import { liveURL, OPS_TOKEN } from '../playwright.config.ts';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { chooseCampaign } from './support/ui.ts';

// Live activity: screens follow the service's event stream, without a reload. The first journey
// runs against the instance whose simulator is on (playwright.config.ts); the other against the
// deterministic one, where the platform side (/ops) makes the activity.

type ListPage<T> = { data: T[]; has_more: boolean };

async function api<T>(
  request: APIRequestContext,
  key: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/2026-07${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** An active campaign of the key's brand with one task (made and published as a brand would). */
async function liveCampaign(
  request: APIRequestContext,
  ops: { post<T>(path: string, body?: unknown): Promise<T> },
  key: string,
  name: string,
  settings: Record<string, unknown> = {},
) {
  const campaign = await api<{ id: string; tasks: { id: string }[] }>(
    request,
    key,
    'POST',
    '/campaigns',
    {
      name,
      settings,
      tasks: [{ title: 'Morning routine', instructions: 'Show the serum.', platforms: ['tiktok'] }],
    },
  );
  await api(request, key, 'POST', `/campaigns/${campaign.id}/publish`);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  return { id: campaign.id, taskId: campaign.tasks[0]!.id };
}

/** Marks the document; the mark survives only if the page is never reloaded or replaced. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe('with the simulator on', () => {
  test.use({ baseURL: liveURL });

  test('a submission arriving from the simulator appears in the open queue without a reload', async ({
    page,
    request,
    ops,
  }) => {
    // The campaign asks for creator approval: nobody can submit to it before the brand approves
    // someone, so the queue is surely empty when it opens.
    test.setTimeout(120_000);
    const brand = await ops.post<{ id: string }>('/brands', { name: uniqueName('Live brand') });
    const { key } = await ops.post<{ key: string }>('/keys', { kind: 'brand', brand_id: brand.id });
    const campaign = await liveCampaign(request, ops, key, uniqueName('Live launch'), {
      creator_approval_required: true,
    });
    const creators: string[] = [];
    for (let i = 0; i < 20; i++) {
      const creator = await ops.post<{ id: string }>('/creators', {
        username: `live_${Date.now().toString(36)}_${i}`,
        properties: {},
      });
      await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
      creators.push(creator.id);
    }

    await signIn(page, key);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Review queue/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    const region = page.getByRole('region', { name: 'Current submission' });
    await expect(region.getByText('Nothing waiting')).toBeVisible();
    await markDocument(page);

    // Another manager approves the applicants: the simulator now picks among them (random
    // approved creators of campaigns taking submissions; this one has many, so it comes soon).
    for (const id of creators) {
      await api(request, key, 'POST', `/campaigns/${campaign.id}/creators/${id}/approve`);
    }

    // The simulator's first submission reaches the service ...
    const first = async () =>
      (
        await api<ListPage<{ creator_username: string }>>(
          request,
          key,
          'GET',
          `/campaigns/${campaign.id}/submissions?status=in_review&limit=1`,
        )
      ).data[0]?.creator_username ?? null;
    await expect.poll(first, { timeout: 90_000, intervals: [250] }).not.toBeNull();
    const username = await first();
    // ... and the open queue shows it well before the fallback polling (30 s) would.
    await expect(region.getByText(/^@live_/)).toHaveText(`@${username}`, { timeout: 10_000 });
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Review queue \d+ waiting for you$/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /^\d+ submissions? waiting/ }),
    ).toBeVisible();
    expect(await sameDocument(page), 'the page was never reloaded').toBe(true);
    await expectAccessible(page, 'the queue after a live arrival');
  });
});

test('the creators and posts screens follow the activity without a reload', async ({
  page,
  request,
  ops,
  baseURL,
}) => {
  const name = uniqueName('Live creators');
  const campaign = await liveCampaign(request, ops, DEMO.brandKey, name, {
    creator_approval_required: true,
  });
  const main = page.getByRole('navigation', { name: 'Main' });
  await signIn(page, DEMO.brandKey);
  await main.getByRole('link', { name: 'Creators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
  await chooseCampaign(page, name);
  await page.getByRole('tab', { name: 'Applied' }).click();
  await expect(page.getByRole('heading', { name: 'No applicants waiting' })).toBeVisible();
  await markDocument(page);

  // A creator applies on the platform side: the open tab lists them.
  const username = `live_applicant_${Date.now().toString(36)}`;
  const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
  await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
  const applicant = page.getByRole('row', { name: new RegExp(`@${username}`) });
  // Arrivals never shift the rows being worked on: they are announced ("1 new applicant · Show").
  const show = page.getByRole('button', { name: 'Show', exact: true });
  await expect(applicant.or(show)).toBeVisible({ timeout: 10_000 });
  if (await show.isVisible()) await show.click();
  await expect(applicant).toBeVisible();
  // Another manager approves them: they leave the Applied tab.
  await api(
    request,
    DEMO.brandKey,
    'POST',
    `/campaigns/${campaign.id}/creators/${creator.id}/approve`,
  );
  await expect(applicant).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'No applicants waiting' })).toBeVisible();

  // Their video is approved, then posted: the open posts screen shows the post, then its views.
  const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
    creator_id: creator.id,
    task_id: campaign.taskId,
    media_type: 'video',
    // This instance's own samples: its inspection may fetch from its own host only.
    media_url: `${baseURL}/samples/clip-1.mp4`,
  });
  // Its media is inspected first (a decision meanwhile is refused with inspection_pending).
  await expect
    .poll(
      async () =>
        (
          await api<{ checks: unknown[] | null }>(
            request,
            DEMO.brandKey,
            'GET',
            `/campaigns/${campaign.id}/submissions/${submission.id}`,
          )
        ).checks,
      { timeout: 15_000 },
    )
    .not.toBeNull();
  await api(
    request,
    DEMO.brandKey,
    'POST',
    `/campaigns/${campaign.id}/submissions/${submission.id}/approve`,
  );
  await main.getByRole('link', { name: 'Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await chooseCampaign(page, name);
  await expect(page.getByText('No posts', { exact: true })).toBeVisible();
  const post = await ops.post<{ id: string }>(`/submissions/${submission.id}/post`, {
    platform: 'tiktok',
    url: `https://www.tiktok.com/@${username}/video/1`,
  });
  const row = page.getByRole('row', { name: new RegExp(`@${username}`) });
  await expect(row).toBeVisible({ timeout: 10_000 });
  const metrics = await request.patch(`/ops/posts/${post.id}/metrics`, {
    headers: { Authorization: `Bearer ${OPS_TOKEN}` },
    data: { views: 12345, likes: 678, comments: 9, shares: 10, saves: 11 },
  });
  expect(metrics.ok()).toBe(true);
  await expect(row).toContainText('12,345', { timeout: 10_000 });
  expect(await sameDocument(page), 'the page was never reloaded').toBe(true);
  await expectAccessible(page, 'the posts screen after live updates');
});
