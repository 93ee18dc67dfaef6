import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { chooseCampaign } from './support/ui.ts';

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
  // The demo brand's campaign with the most live posts (the timeline counts live posts only).
  const campaigns = await get<{ data: { id: string; name: string }[] }>(
    request,
    '/campaigns?status=active&status=paused&status=completed&limit=100',
  );
  let chosen: { id: string; name: string; posts: number } | null = null;
  for (const c of campaigns.data) {
    const posts = await get<{ data: unknown[] }>(
      request,
      `/campaigns/${c.id}/posts?status=live&limit=100`,
    );
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
  await chooseCampaign(page, name);
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
  await expect(funnel.getByRole('img')).toHaveAccessibleName(/^Creators: Applied /);
  await expect(
    page
      .getByRole('region', { name: 'Views and engagement over time' })
      .locator('svg.recharts-surface')
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'the metrics screen with charts');
  await funnel.getByRole('button', { name: 'Table' }).click();
  await expect(funnel.getByRole('row', { name: /^Creators Applied/ })).toContainText(
    grouped(report.funnel.creators_applied!),
  );
  await expect(funnel.getByRole('row', { name: /^Content Posted/ })).toContainText(
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
  await expect(timeline).toContainText('Totals at the end of each day');
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
  await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(name);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the metrics of the default campaign agree with each other and no share passes 100%', async ({
      page,
    }) => {
      await signIn(page, DEMO.brandKey);
      const metricsLink = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Metrics' });
      await metricsLink.scrollIntoViewIfNeeded();
      await expect(metricsLink).toBeInViewport();
      await metricsLink.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
      // The default campaign is named in the URL: a reload opens the same one.
      await expect(page).toHaveURL(/campaign=/);
      // Other journeys of the run create newer, empty active campaigns (the default is the newest
      // active one): read the demo's launch campaign, which has creators, content and posts.
      const picker = page.getByRole('combobox', { name: 'Campaign', exact: true });
      await expect(picker).toBeInViewport();
      await chooseCampaign(page, 'Summer Glow Serum Launch');
      await expect(page).toHaveURL(/campaign=/);
      const views = page
        .getByRole('region', { name: 'Performance and spend' })
        .getByText('Views', { exact: true })
        .locator('xpath=following-sibling::dd');
      await expect(views).toHaveText(/^[\d,]+$/);

      const funnel = page.getByRole('region', { name: 'Funnel' });
      const table = funnel.getByRole('button', { name: 'Table' });
      await table.scrollIntoViewIfNeeded();
      await expect(table).toBeInViewport();
      await table.click();
      // The last column is the share of the step before.
      const shares = (await funnel.locator('tbody td:last-child').allTextContents()).flatMap(
        (cell) => [...cell.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1])),
      );
      expect(shares.length).toBeGreaterThan(0);
      expect(Math.max(...shares)).toBeLessThanOrEqual(100);

      const timeline = page.getByRole('region', { name: 'Views and engagement over time' });
      const timelineTable = timeline.getByRole('button', { name: 'Table' });
      await timelineTable.scrollIntoViewIfNeeded();
      await expect(timelineTable).toBeInViewport();
      await timelineTable.click();
      // Newest day first: today's total of views is the card's figure.
      const lastTotal = timeline.getByRole('row').nth(1).getByRole('cell').first();
      await expect(lastTotal).toHaveText((await views.textContent())!);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(page, `metrics at ${viewport.width}`);
    });
  });
}
