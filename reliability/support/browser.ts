import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config.ts';

// Debian's Chromium driven by playwright-core, with the flags of playwright.config.ts.

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught errors, dialogs and CSP violations of the page. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** Every console message of the page, whatever its level. */
  messages: string[];
}

/** A page that records what a journey must never see (see `problems`). */
export async function watchedPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  const messages: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (msg) => {
    messages.push(msg.text());
    // Chromium logs every 4xx/5xx answer as a failed resource; refusals are part of the journeys.
    if (msg.text().startsWith('Failed to load resource')) return;
    // zod probes once whether `Function('')` is allowed (to compile faster parsers) and falls
    // back when the CSP refuses it: that refusal is the CSP at work, not code from the page's
    // data. (`z.config({ jitless: true })` would skip the probe, but only if it ran before the
    // contract's schemas are built, which the bundle's chunk order does not promise.)
    if (msg.text() === 'CSP violation: script-src eval') return;
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (req) => requests.push(req.url()));
  return { page, context, problems, requests, messages };
}

/** Signs in through the key screen, as a person would. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor({ timeout: 20_000 });
}
