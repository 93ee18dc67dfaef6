import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signIn, watchedPage } from './support/browser.ts';
import { brandAndKey, http, startService, type Service } from './support/service.ts';

// The dashboard under faults, against the built service: a create whose answer is lost on the
// network is saved again with the same Idempotency-Key and makes one campaign; past the rate
// limit the dashboard waits as Retry-After says, without hammering, and recovers on its own.

const PORT = 8117;
const LIMIT = 40;
const dir = mkdtempSync(join(tmpdir(), 'cc-dashboard-faults-'));
let service: Service;
let browser: Browser;

beforeAll(async () => {
  service = await startService(PORT, { DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await service?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

async function campaignsNamed(key: string, name: string) {
  const res = await http(service.url, 'GET', '/2026-07/campaigns?limit=100', { token: key });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { name: string; id: string }[]).filter((c) => c.name === name);
}

test('a create whose answer is lost on the network is saved again with the same key and makes one campaign', async () => {
  const { key } = await brandAndKey(service.url);
  const { page, problems, context } = await watchedPage(browser, service.url);
  const name = `Lost answer ${Date.now().toString(36)}`;
  const keysSent: string[] = [];
  let cut = 0;
  // Fault injection at the network layer: the first create reaches the service (which makes the
  // campaign), and its answer is then dropped as a reset connection.
  await page.route('**/2026-07/campaigns', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    keysSent.push(req.headers()['idempotency-key'] ?? '(none)');
    if (cut++ === 0) {
      const res = await route.fetch();
      expect(res.status()).toBe(201);
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await signIn(page, key);
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Save draft' }).click();
  // The dashboard says the save failed and that saving again is safe.
  await page.getByText(/Saving again is safe/).waitFor({ timeout: 15_000 });
  expect(await campaignsNamed(key, name)).toHaveLength(1);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
  expect(keysSent).toHaveLength(2);
  expect(keysSent[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keysSent[1]).toBe(keysSent[0]);
  expect(await campaignsNamed(key, name)).toHaveLength(1);
  // The network failure is reported by the browser itself; nothing else may be.
  expect(problems.filter((p) => !/ERR_CONNECTION_RESET|Failed to fetch|network/i.test(p))).toEqual(
    [],
  );
  await context.close();
});

test('past the rate limit the dashboard backs off as Retry-After says and recovers', async () => {
  const { key } = await brandAndKey(service.url);
  const other = await brandAndKey(service.url);
  const made = await http(service.url, 'POST', '/2026-07/campaigns', {
    token: key,
    body: { name: 'Rate limited campaign' },
  });
  expect(made.status).toBe(201);
  const { page, problems, context } = await watchedPage(browser, service.url);
  await signIn(page, key);
  await page.getByRole('link', { name: 'Rate limited campaign' }).first().waitFor();

  // Use up the key's budget from outside the browser. The window is a fixed minute: when it ends
  // during this (or only seconds remain), use up the next one.
  let retryAfter = 0;
  for (let round = 0; round < 3 && retryAfter < 8; round++) {
    // A wait on purpose: the service (another process) counts in fixed wall-clock windows that
    // the test cannot fake; the next round's answers are the control that the window ended.
    if (retryAfter > 0) await new Promise((done) => setTimeout(done, retryAfter * 1000 + 200));
    retryAfter = 0;
    for (let i = 0; i <= 2 * LIMIT && retryAfter === 0; i++) {
      const res = await http(service.url, 'GET', '/2026-07/me', { token: key });
      if (res.status === 429) retryAfter = Number(res.headers.get('Retry-After'));
    }
  }
  expect(retryAfter).toBeGreaterThanOrEqual(8);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const limitedAt = Date.now();
  // Other keys are not affected.
  expect((await http(service.url, 'GET', '/2026-07/me', { token: other.key })).status).toBe(200);

  const answers: { status: number; at: number; url: string }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/2026-07/'))
      answers.push({ status: res.status(), at: Date.now(), url: res.url() });
  });
  await page.getByRole('link', { name: 'Rate limited campaign' }).first().click();
  await page
    .getByRole('heading', { level: 1, name: 'Rate limited campaign' })
    .waitFor({ timeout: (retryAfter + 30) * 1000 });
  const recoveredAt = Date.now();

  const refused = answers.filter((a) => a.status === 429);
  expect(refused.length, 'the dashboard met the limit').toBeGreaterThan(0);
  // It waited for the window to end rather than hammering: few requests while limited, and the
  // page came back only after Retry-After.
  expect(recoveredAt - limitedAt).toBeGreaterThanOrEqual((retryAfter - 1) * 1000);
  const duringLimit = answers.filter((a) => a.at < limitedAt + (retryAfter - 1) * 1000);
  expect(duringLimit.length, JSON.stringify(duringLimit)).toBeLessThanOrEqual(12);
  expect(problems).toEqual([]);
  await context.close();
});
