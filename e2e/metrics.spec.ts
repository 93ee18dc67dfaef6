import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

type Report = {
  funnel: Record<string, number>;
  performance: { views: number; engagement_rate: number };
  spend: { spent_cents: number };
  groups?: {
    group_key: string;
    group_label: string;
    posts: number;
    performance: { views: number };
  }[];
  as_of: string;
};

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/2026-07${path}`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json();
}

const grouped = (n: number) => n.toLocaleString('en-US');

test('a brand manager reads the metrics of a campaign and switches the breakdown', async ({
  page,
  request,
}) => {
  // The demo brand's campaign with the most posts (every status, as the timeline counts them).
  const campaigns = await get<{ data: { id: string; name: string }[] }>(
    request,
    '/campaigns?status=active&status=paused&status=completed&limit=100',
  );
  let chosen: { id: string; name: string; posts: number } | null = null;
  for (const c of campaigns.data) {
    const posts = await get<{ data: unknown[] }>(request, `/campaigns/${c.id}/posts?limit=100`);
    if (!chosen || posts.data.length > chosen.posts) chosen = { ...c, posts: posts.data.length };
  }
  expect(chosen?.posts, 'the demo world has a campaign with posts').toBeGreaterThan(0);
  const { id, name } = chosen!;

  await signIn(page, DEMO.brandKey);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Metrics' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`campaign=${id}`));

  // The simulator is off in e2e: the figures on screen are the service's report.
  const report = await get<Report>(request, `/campaigns/${id}/metrics?group_by=task`);
  const figures = page.getByRole('region', { name: 'Performance and spend' });
  await expect(figures).toContainText(grouped(report.performance.views));
  await expect(figures).toContainText(
    `$${(report.spend.spent_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(page.getByText(/^Report as of /)).toBeVisible();

  const funnel = page.getByRole('region', { name: 'Funnel' });
  await expect(funnel.locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page, 'the metrics screen with charts');
  await funnel.getByRole('button', { name: 'Table' }).click();
  await expect(funnel.getByRole('row', { name: /^Applied/ })).toContainText(
    grouped(report.funnel.creators_applied!),
  );
  await expect(funnel.getByRole('row', { name: /^Posts/ })).toContainText(
    grouped(report.funnel.posts!),
  );

  const byTask = page.getByRole('region', { name: 'Performance by task' });
  await byTask.getByRole('button', { name: 'Table' }).click();
  for (const group of report.groups ?? []) {
    await expect(
      byTask.getByRole('row', { name: new RegExp(`^${group.group_label}`) }),
    ).toContainText(grouped(group.performance.views));
  }

  await page.getByRole('radio', { name: 'Platform' }).click();
  await expect(page.getByRole('radio', { name: 'Platform' })).toBeChecked();
  await expect(page).toHaveURL(/by=platform/);
  const byPlatform = page.getByRole('region', { name: 'Performance by platform' });
  await expect(byPlatform).toBeVisible();
  const platforms = await get<Report>(request, `/campaigns/${id}/metrics?group_by=platform`);
  expect(platforms.groups?.length).toBeGreaterThan(0);
  await byPlatform.getByRole('button', { name: 'Table' }).click();
  for (const group of platforms.groups ?? []) {
    await expect(
      byPlatform.getByRole('row', { name: new RegExp(`^${group.group_label}`) }),
    ).toContainText(grouped(group.performance.views));
  }
  const timeline = page.getByRole('region', { name: 'Views and engagement over time' });
  await expect(timeline).toContainText(`Built from ${grouped(chosen!.posts)} posts`);
  await expectAccessible(page, 'the metrics screen with tables');
});

test('the overview compares the brand’s campaigns and opens one’s metrics', async ({ page }) => {
  await signIn(page, DEMO.brandKey);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Campaigns and their headline figures' });
  await expect(table.getByRole('row', { name: /^Total/ })).toBeVisible();
  await expect(table.getByRole('status')).toHaveCount(0);
  await expectAccessible(page, 'the overview');
  const first = table.getByRole('rowheader').first().getByRole('link');
  const name = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: 'Campaign' }).locator('option:checked'),
  ).toHaveText(name);
});
