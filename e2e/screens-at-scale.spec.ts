import type { APIRequestContext, Page, Request } from '@playwright/test';
import { DEMO, expect, signIn, test, uniqueName } from './support/fixtures.ts';
import { chooseCampaign } from './support/ui.ts';

// Issue 28 (docs/decisions/0124-screens-read-pages-and-sums.md): Campaigns, Overview and Metrics
// open on a brand of 150 campaigns with ten requests or fewer, and their main controls are on
// screen on a laptop and on a phone. Screenshots go to SCREENSHOT_DIR when it is set.

const CAMPAIGNS = 150;

async function api<T>(request: APIRequestContext, key: string, method: string, path: string) {
  const res = await request.fetch(`/2026-07${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    data: {},
  });
  expect(res.ok(), `${method} ${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The Metrics screen's campaign picker reads every published campaign, 100 a page: it is being
 * replaced separately, so its pages are left out of the count (and counted apart).
 */
const isPickerPage = (url: URL) =>
  url.pathname === '/2026-07/campaigns' &&
  url.searchParams.get('limit') === '100' &&
  url.searchParams.getAll('status').join() === 'pending_approval,active,paused,completed';

/** Counts the page's requests to the API from now on. */
function countRequests(page: Page) {
  const sent: URL[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/2026-07/')) sent.push(url);
  };
  page.on('request', onRequest);
  return {
    /** Once no request has been sent for 1.5 s: the requests, picker pages apart. */
    async settled() {
      let seen = -1;
      while (seen !== sent.length) {
        seen = sent.length;
        await page.waitForTimeout(1500);
      }
      page.off('request', onRequest);
      return {
        counted: sent.filter((u) => !isPickerPage(u)).map((u) => u.pathname + u.search),
        pickerPages: sent.filter(isPickerPage).length,
      };
    },
  };
}

/**
 * Records the time from navigation to the screen's first useful content (a page load of the
 * built dashboard, signed in): a figure for docs/decisions/0124, polled at Playwright's pace.
 */
function firstContent(screen: string, started: number) {
  const ms = Date.now() - started;
  test
    .info()
    .annotations.push({ type: 'first useful content', description: `${screen}: ${ms} ms` });
  console.info(`${screen}: first useful content after ${ms} ms`);
}

let world: { key: string; brandId: string; activeId: string } | undefined;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const headers = { Authorization: 'Bearer e2e-ops-token' };
  const ops = async <T>(path: string, data: unknown = {}) => {
    const res = await request.post(`/ops${path}`, { headers, data });
    expect(res.ok(), `POST /ops${path} answered ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  };
  const brand = await ops<{ id: string }>('/brands', { name: uniqueName('Scale brand') });
  const { key } = await ops<{ key: string }>('/keys', { kind: 'brand', brand_id: brand.id });
  const create = async (name: string) => {
    const res = await request.post('/2026-07/campaigns', {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        name,
        tasks: [{ title: 'Unboxing', instructions: 'Film it.', platforms: ['tiktok'] }],
      },
    });
    expect(res.ok()).toBe(true);
    const { id } = (await res.json()) as { id: string };
    await api(request, key, 'POST', `/campaigns/${id}/publish`);
    await ops(`/campaigns/${id}/review`, { decision: 'approved' });
    return id;
  };
  // Completed campaigns: listed everywhere, and nothing waits for review in them.
  for (let n = 1; n < CAMPAIGNS; n++) {
    const id = await create(`Campaign ${n}`);
    await ops(`/campaigns/${id}/complete`);
  }
  const activeId = await create('Live one');
  world = { key, brandId: brand.id, activeId };
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    const shot = async (page: Page, name: string) => {
      const dir = process.env.SCREENSHOT_DIR;
      if (dir) await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png` });
    };

    test('Campaigns opens on 150 campaigns with ten requests or fewer', async ({ page }) => {
      const { key, brandId } = world!;
      await signIn(page, key);
      const requests = countRequests(page);
      const started = Date.now();
      await page.goto(`/brands/${brandId}/campaigns`);
      await expect(
        page.getByText(`${CAMPAIGNS} campaigns. Showing 100; more load as you scroll.`),
      ).toBeVisible();
      firstContent('Campaigns', started);
      const { counted } = await requests.settled();
      expect(counted.length, counted.join('\n')).toBeLessThanOrEqual(10);
      await expect(page.getByRole('searchbox', { name: 'Search by name' })).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Live one' })).toBeInViewport();
      await shot(page, 'campaigns');

      // A search and an order are the service's: the answer is the count of matches, at once.
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('campaign 14');
      await expect(
        page.locator('p:not([role=status])', { hasText: '11 campaigns match “campaign 14”.' }),
      ).toBeVisible();
      // On a phone only the search shows at first (the campaigns come first); the order is
      // under More filters.
      const more = page.getByRole('button', { name: /^More filters/ });
      if ((page.viewportSize()?.width ?? 1440) < 768) {
        await expect(more).toBeInViewport();
        await more.click();
      } else {
        await expect(more).toBeHidden();
      }
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
      const oldest = page.getByRole('link', { name: 'Campaign 14', exact: true });
      await oldest.scrollIntoViewIfNeeded();
      await expect(oldest).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Campaign 149', exact: true })).toBeVisible();
      await shot(page, 'campaigns-search');
    });

    test('Overview opens on 150 campaigns with ten requests or fewer', async ({ page }) => {
      const { key, brandId } = world!;
      await signIn(page, key);
      const requests = countRequests(page);
      const started = Date.now();
      await page.goto(`/brands/${brandId}/overview`);
      const table = page.getByRole('table', { name: 'Campaigns and their headline figures' });
      await expect(table.getByRole('link', { name: 'Live one' })).toBeVisible();
      firstContent('Overview', started);
      await expect(
        table.getByRole('row', { name: `Total (${CAMPAIGNS} campaigns)` }),
      ).toBeVisible();
      const { counted } = await requests.settled();
      expect(counted.length, counted.join('\n')).toBeLessThanOrEqual(10);
      await expect(page.getByRole('combobox', { name: 'Campaigns' })).toBeInViewport();
      await expect(table.getByRole('link', { name: 'Live one' })).toBeInViewport();
      await expect(page.getByText(`Showing 25 of ${CAMPAIGNS} campaigns`)).toBeVisible();
      await shot(page, 'overview');
    });

    test('Metrics opens on 150 campaigns with ten requests or fewer', async ({ page }) => {
      const { key, brandId, activeId } = world!;
      await signIn(page, key);
      const requests = countRequests(page);
      const started = Date.now();
      await page.goto(`/brands/${brandId}/metrics?campaign=${activeId}`);
      await expect(page.getByRole('region', { name: 'Performance and spend' })).toBeVisible();
      firstContent('Metrics', started);
      await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
      const { counted, pickerPages } = await requests.settled();
      expect(counted.length, counted.join('\n')).toBeLessThanOrEqual(10);
      test.info().annotations.push({ type: 'picker pages', description: String(pickerPages) });
      await expect(page.getByRole('combobox', { name: 'Campaign' })).toBeInViewport();
      await expect(page.getByRole('region', { name: 'Performance and spend' })).toBeInViewport();
      await shot(page, 'metrics-scale');
    });

    test('the Metrics timeline of a demo campaign comes from one request', async ({ page }) => {
      await signIn(page, DEMO.brandKey);
      const requests = countRequests(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Metrics' })
        .click();
      // Other journeys of the run create newer, empty active campaigns (the default is the newest
      // active one): read the demo's launch campaign, which has posts.
      await chooseCampaign(page, 'Summer Glow Serum Launch');
      const timeline = page.getByRole('region', { name: 'Views and engagement over time' });
      await expect(timeline).toContainText('Totals at the end of each day');
      const { counted } = await requests.settled();
      // The campaign chosen: its timeline is one request (the default one's came before it).
      const chosen = new URL(page.url()).searchParams.get('campaign')!;
      const ofChosen = counted.filter((u) => u.includes(chosen));
      expect(ofChosen.filter((u) => u.includes('/metrics/history'))).toHaveLength(1);
      expect(counted.filter((u) => u.includes('/posts'))).toEqual([]);
      await timeline.scrollIntoViewIfNeeded();
      await expect(
        timeline.getByRole('heading', { name: 'Views and engagement over time' }),
      ).toBeInViewport();
      await shot(page, 'metrics-demo');
    });
  });
}
