import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OPS_TOKEN } from '../../playwright.config.ts';

/** The fixed demo keys the README gives (seeded on an empty database with SEED=demo). */
export const DEMO = {
  brandKey: 'cck_demo_brand_glowlab_0000000000000000000000',
  agencyKey: 'cck_demo_agency_brightline_00000000000000000',
  brand: 'Glow Lab',
  agencyBrands: ['Glow Lab', 'Northwind Outdoors'],
  loneBrand: 'Pixel Coffee',
} as const;

/** Signs in through the key form, as a person would, and waits for the first brand screen. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
}

/** The demo world's members (README); all sign in with `DEMO_MEMBER_PASSWORD`. */
export const DEMO_MEMBERS = {
  admin: { email: 'admin@glowlab.demo', name: 'Ava Morgan' },
} as const;
export const DEMO_MEMBER_PASSWORD = 'demo-password-2026';

/** Signs a member in with e-mail and password, as a person would, and waits for Campaigns. */
export async function signInAsMember(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
}

/** A name no other journey uses, so lists can be searched for it. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type OpsClient = {
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
};

/**
 * Every journey fails on a console error or an uncaught page error, and gets a client for the
 * platform side (/ops) to set up the world it needs over HTTP, like an operator would.
 */
export const test = base.extend<{ ops: OpsClient; consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // Chromium reports every 4xx answer as "Failed to load resource"; refusals such as a
        // wrong key or a 409 are part of the journeys, so only the page's own messages count.
        if (msg.text().startsWith('Failed to load resource')) return;
        if (msg.type() === 'error' || msg.type() === 'warning')
          errors.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'the browser console stays clean').toEqual([]);
    },
    { auto: true },
  ],
  ops: async ({ request }, use) => {
    await use({
      async post(path, body) {
        const res = await request.post(`/ops${path}`, {
          headers: { Authorization: `Bearer ${OPS_TOKEN}` },
          data: body ?? {},
        });
        expect(res.ok(), `POST /ops${path} answered ${res.status()}: ${await res.text()}`).toBe(
          true,
        );
        return res.json();
      },
    });
  },
});

export { expect };

/** Scans the page with axe-core; any WCAG A/AA violation fails the journey. */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  // Colour contrast is judged on the settled page: a toast fading in (a CSS transition of its
  // opacity) would otherwise be measured half transparent. Endless animations (spinners) are left.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // still moving after 10 s (a busy machine): scan anyway, and let axe judge
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}
