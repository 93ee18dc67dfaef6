import type { Page } from '@playwright/test';
import { buildAgencyWorld, type AgencyWorld } from '../bench/lib/agency-world.ts';
import { pgliteTarget, type Target } from '../bench/lib/target.ts';
import { expect, test } from './support/fixtures.ts';

// The review queue and its badge at an agency client's scale (issue 28): a world generated in
// SQL (bench/lib/agency-world.ts, decision 0126) of 150 active campaigns and 5,000 waiting spread
// unevenly, on a service of its own (the built product on a PGlite directory: the shared
// instance's world is small and made over HTTP, which this one cannot be in time). The agency's
// reviewer opens the brand's queue: it opens on the oldest waiting submission of all campaigns,
// the navigation's badge shows the whole count, opening takes a bounded number of requests, and
// three keyboard decisions bring the count down.

const SIZE = { campaigns: 150, waiting: 5_000 };
/** Requests to open a screen, whatever the number of campaigns (issue 28). */
const OPEN_REQUESTS = 10;

test.describe.configure({ mode: 'serial' });

let target: Target | undefined;
let world: AgencyWorld;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The build that the shared instances serve (scripts/start.mjs builds it before they start).
  target = await pgliteTarget({ STATIC_DIR: 'dist/client', SIMULATOR: 'off' });
  world = await buildAgencyWorld(target, SIZE, { tag: 'e2e' });
});

test.afterAll(async () => {
  await target?.close();
});

/** The API requests the page sends from now on. */
function apiRequests(page: Page, base: string): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${base}/2026-07/`))
      sent.push(`${r.method()} ${r.url().slice(base.length)}`);
  });
  return sent;
}

/** Waits until no new request has been sent for a second (the event stream stays open). */
async function settled(sent: readonly string[]) {
  let seen = -1;
  await expect
    .poll(
      () => {
        const still = sent.length === seen;
        seen = sent.length;
        return still;
      },
      { intervals: [1_000], timeout: 60_000 },
    )
    .toBe(true);
}

/** What waits in the brand's queue for the agency, as GET /submissions/counts answers. */
async function waitingCount(base: string): Promise<number> {
  const res = await fetch(`${base}/2026-07/submissions/counts?brand_id=${world.brandId}`, {
    headers: { Authorization: `Bearer ${world.agencyKey}` },
  });
  expect(res.ok, `GET /submissions/counts answered ${res.status}`).toBe(true);
  const counts = (await res.json()) as { in_review: number; awaiting_brand: number };
  // The agency's queue leaves out what waits for the brand's sign-off (none in this world).
  return counts.in_review - counts.awaiting_brand;
}

const badge = (page: Page, count: number) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `Review queue ${count.toLocaleString('en-US')} waiting` });

test('an agency reviewer opens a large queue on its oldest submission and works it from the keyboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const base = target!.service().base;
  const total = await waitingCount(base);
  expect(total, 'the world has what it was built with').toBe(world.waiting);

  await page.goto(`${base}/sign-in`);
  await page.getByLabel('E-mail').fill(world.reviewer.email);
  await page.getByLabel('Password').fill(world.reviewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible({
    timeout: 30_000,
  });

  // Opening the queue: a full load of its address, counted from the first request.
  const sent = apiRequests(page, base);
  await page.goto(`${base}/brands/${world.brandId}/review`);
  const region = page.getByRole('region', { name: 'Current submission' });
  await expect(region).toHaveAttribute('data-submission-id', /.+/, { timeout: 30_000 });
  await expect
    .soft(region, 'the queue opens on the oldest waiting submission of all campaigns')
    .toHaveAttribute('data-submission-id', world.oldest.id);
  await expect.soft(badge(page, total), 'the badge shows every waiting submission').toBeVisible({
    timeout: 15_000,
  });
  await settled(sent);
  expect
    .soft(sent.length, `opening the queue sent ${sent.length} API requests:\n${sent.join('\n')}`)
    .toBeLessThanOrEqual(OPEN_REQUESTS);

  // Three decisions from the keyboard, each moving on to another submission.
  for (let i = 0; i < 3; i++) {
    const current = await region.getAttribute('data-submission-id');
    // The decision keys count once the submission has been on screen for a moment.
    await expect(region).toHaveAttribute('data-decision-keys', 'ready');
    await page.keyboard.press('a');
    await expect(region).not.toHaveAttribute('data-submission-id', current!);
  }
  // Each is sent when its undo window closes; the service's count and the badge then drop.
  await expect.poll(() => waitingCount(base), { timeout: 20_000 }).toBe(total - 3);
  await expect(badge(page, total - 3), 'the badge follows the decisions').toBeVisible({
    timeout: 15_000,
  });
});
