import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openPglite } from '../server/db/client.ts';
import { launchBrowser, signIn, watchedPage } from './support/browser.ts';
import { brandAndKey, http, startService, type Service } from './support/service.ts';
import type { Browser, Page } from 'playwright-core';

// Browser security of the served dashboard: strict headers, no inline script, campaigns whose
// texts, links and URLs hold script cannot run code in the dashboard, and the API key never
// appears in a URL, a log line or an error message.

const PORT = 8116;
const dir = mkdtempSync(join(tmpdir(), 'cc-browser-sec-'));
let service: Service;
let browser: Browser;
let key: string;
let brandId: string;
let hostileId: string;
let poisonedId: string;

const HOSTILE = {
  name: '<img src=x onerror="window.__xss=1">Hostile',
  description: '<script>window.__xss=2</script><iframe src="javascript:window.__xss=3"></iframe>',
  instructions: '"><svg onload=window.__xss=4>',
  brief_url: 'https://example.com/?q="><script>window.__xss=5</script>',
  links: [
    {
      url: 'https://example.com/"><script>window.__xss=6</script>',
      description: '<b onmouseover="window.__xss=7">hover</b>',
    },
  ],
  product: { name: '<img src=x onerror=window.__xss=8>', url: 'https://example.com/p' },
  tasks: [
    {
      title: '<script>window.__xss=9</script>',
      instructions: '{{constructor.constructor("window.__xss=10")()}}',
      platforms: ['tiktok'],
      caption: '<img src=x onerror=window.__xss=11>',
    },
  ],
};

beforeAll(async () => {
  service = await startService(PORT, { DATA_DIR: dir, LOG_LEVEL: 'debug' });
  ({ key, brandId } = await brandAndKey(service.url));
  const hostile = await http(service.url, 'POST', '/2026-07/campaigns', {
    token: key,
    body: HOSTILE,
  });
  expect(hostile.status, hostile.text).toBe(201);
  hostileId = hostile.json.id;
  const poisoned = await http(service.url, 'POST', '/2026-07/campaigns', {
    token: key,
    body: {
      name: 'Poisoned',
      links: [{ url: 'https://example.com/ok' }],
      tasks: [{ title: 'T', instructions: 'I', platforms: ['tiktok'] }],
    },
  });
  expect(poisoned.status).toBe(201);
  poisonedId = poisoned.json.id;
  // The service refuses script and data URIs; write them behind its back (an old row, another
  // writer), to prove the dashboard does not rely on the service alone.
  await service.kill('SIGTERM');
  const db = await openPglite({ dataDir: join(dir, 'pglite') });
  await db.client.query(
    `update campaigns set icon_url = 'javascript:window.__xss=20', brief_url = 'javascript:window.__xss=21',
       video_examples = '["data:text/html,<script>window.__xss=22</script>"]'::jsonb,
       links = jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'url', 'javascript:window.__xss=23', 'service', null, 'description', 'click me', 'affiliate_code', null))
     where id = $1`,
    [poisonedId],
  );
  await db.client.query(
    `update tasks set tiktok_sound_url = 'javascript:window.__xss=24', image_url = 'data:image/svg+xml,<svg onload=window.__xss=25>' where campaign_id = $1`,
    [poisonedId],
  );
  await db.close();
  service = await startService(PORT, { DATA_DIR: dir, LOG_LEVEL: 'debug' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await service?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('headers of the served dashboard', () => {
  test.for(['/', '/sign-in', '/brands/x/campaigns', '/docs'])(
    '%s has a strict CSP, nosniff, no-referrer and frame denial',
    async (path) => {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(directives.get('script-src') ?? directives.get('default-src')).toBeDefined();
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src')!;
      expect(
        scriptSrc.filter((v) => /unsafe-inline|unsafe-eval|\*|data:|http:|https:/.test(v)),
      ).toEqual([]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toBeDefined();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      // No inline script: every <script> has a src, and no element has an on* handler.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc=/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    },
  );

  test('scripts and styles are served with their own types and nosniff; API answers forbid rendering', async () => {
    const html = await (await fetch(`${service.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${service.url}${asset}`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${service.url}/2026-07/me`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

async function expectNoCodeRan(page: Page, problems: string[], where: string) {
  await page.waitForTimeout(500);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
    where,
  ).toBeUndefined();
  const unsafe = await page.evaluate(() => {
    const bad: string[] = [];
    const scheme = (v: string) => /^\s*(javascript|data|vbscript):/i.test(v);
    for (const el of Array.from(
      document.querySelectorAll('[href], [src], [action], [formaction], [poster]'),
    )) {
      for (const attr of ['href', 'src', 'action', 'formaction', 'poster']) {
        const v = el.getAttribute(attr);
        if (v && scheme(v)) bad.push(`${el.tagName.toLowerCase()} ${attr}=${v}`);
      }
    }
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes))
        if (/^on/i.test(a.name)) bad.push(`${el.tagName.toLowerCase()} ${a.name}`);
    }
    if (document.querySelector('iframe, object, embed')) bad.push('an iframe, object or embed');
    return bad;
  });
  expect(unsafe, where).toEqual([]);
  expect(problems, where).toEqual([]);
}

describe('hostile campaigns in the dashboard', () => {
  test('texts and http URLs holding markup are shown as text and run nothing', async () => {
    const { page, problems, context } = await watchedPage(browser, service.url);
    await signIn(page, key);
    await page.goto(`/brands/${brandId}/campaigns/${hostileId}`);
    await page.getByRole('heading', { level: 1, name: HOSTILE.name }).waitFor();
    // The link's description is on the page, as text.
    await page.getByText(HOSTILE.links[0]!.description, { exact: true }).first().waitFor();
    // Hover and focus every link (a mouseover handler would fire), then look for what ran.
    for (const link of await page.getByRole('link').all()) {
      await link.hover({ timeout: 1_000 }).catch(() => {});
      await link.focus({ timeout: 1_000 }).catch(() => {});
    }
    await expectNoCodeRan(page, problems, 'hostile campaign page');
    await page.goto(`/brands/${brandId}/campaigns`);
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await expectNoCodeRan(page, problems, 'campaign list');
    await context.close();
  });

  test('script and data URIs written behind the service are never rendered as links or sources', async () => {
    const { page, problems, context } = await watchedPage(browser, service.url);
    await signIn(page, key);
    await page.goto(`/brands/${brandId}/campaigns/${poisonedId}`);
    // The dashboard parses every answer with the contract: the campaign is refused as a bad answer
    // (an error screen) or shown with the URLs as plain text; either way nothing runs.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(1000);
    for (const link of await page.getByRole('link').all()) {
      const href = await link.getAttribute('href');
      expect(href ?? '').not.toMatch(/^\s*(javascript|data):/i);
    }
    const text = await page.locator('body').innerText();
    problems.splice(
      0,
      problems.length,
      ...problems.filter(
        (p) => !p.includes('invalid_response') && !/does not match|answer/i.test(p),
      ),
    );
    await expectNoCodeRan(page, problems, `poisoned campaign page: ${text.slice(0, 200)}`);
    await context.close();
  });
});

describe('the API key stays secret', () => {
  test('never in a URL the dashboard requests, its console, nor the service log', async () => {
    const { page, requests, messages, context } = await watchedPage(browser, service.url);
    await signIn(page, key);
    await page.goto(`/brands/${brandId}/campaigns/${hostileId}`);
    await page.getByRole('heading', { level: 1, name: HOSTILE.name }).waitFor();
    await page.goto(`/brands/${brandId}/review`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(1000);
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.filter((u) => u.includes(key) || u.includes(encodeURIComponent(key)))).toEqual(
      [],
    );
    expect(await page.evaluate(() => location.href)).not.toContain(key);
    expect(messages.filter((m) => m.includes(key))).toEqual([]);
    await context.close();
    expect(service.output()).toContain('"path"'); // the request log is on (debug), so absence means something
    expect(service.output()).not.toContain(key);
  });

  test('never in an error message, even when sent where it does not belong', async () => {
    const wrong = `${key}x`;
    const cases: { headers: Record<string, string>; path: string }[] = [
      { headers: { Authorization: `Bearer ${wrong}` }, path: '/2026-07/campaigns' },
      { headers: { Authorization: `Bearer ${key} extra` }, path: '/2026-07/campaigns' },
      { headers: { Authorization: key }, path: '/2026-07/campaigns' },
      {
        headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
        path: '/2026-07/campaigns',
      },
      { headers: {}, path: `/2026-07/campaigns?api_key=${key}` },
      { headers: { Authorization: `Bearer ${key}` }, path: `/2026-07/campaigns?limit=${key}` },
      { headers: { Authorization: `Bearer ${key}` }, path: `/2026-07/campaigns/${key}` },
      { headers: { Authorization: `Bearer ${key}` }, path: `/2026-07/no-such-route/${key}` },
      { headers: { Authorization: `Bearer ${key}` }, path: `/ops/brands` },
    ];
    for (const c of cases) {
      const res = await fetch(`${service.url}${c.path}`, { headers: c.headers });
      const text = await res.text();
      expect(res.status, `${c.path}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(text, c.path).not.toContain(key);
      expect([...res.headers.values()].join('\n')).not.toContain(key);
    }
    const body = await http(service.url, 'POST', '/2026-07/campaigns', {
      token: key,
      body: { name: key, zz: key },
    });
    expect(body.status).toBe(422);
    expect(body.text).not.toContain(key);
    // The positive control instead of a wait: a later request, logged with a marker; the log is
    // one ordered stream, so once the marker is in it every line of the requests above is too.
    const marker = `/2026-07/log-marker-${randomUUID()}`;
    await fetch(`${service.url}${marker}`);
    await vi.waitFor(() => expect(service.output()).toContain(marker), { timeout: 5000 });
    expect(service.output()).not.toContain(key);
  });
});
