// The dashboard at an agency client's scale (issue 28), in Chromium (Debian's, /usr/bin/chromium)
// against the built service and dashboard, on each driver: the agency world of
// bench/lib/agency-world.ts (300 active campaigns, 30,000 waiting spread unevenly, creators,
// posts, codes), signed in as the agency's reviewer. For each screen: the time from navigation to
// its first useful content (a selector per screen, below), the requests until the network is
// settled, the bytes they carried and the page's JS heap; on the review queue also the decision
// time (key press to the next item painted) and the requests a burst of 5 live events causes.
// Method and definitions: docs/decisions/0126-agency-scale-measures.md.
import { chromium, type CDPSession, type Page, type Request } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config.ts';
import { buildAgencyWorld, type AgencyWorld } from '../lib/agency-world.ts';
import { config, numberEnv, quantile, round, sleep } from '../lib/config.ts';
import { printRows } from '../lib/results.ts';
import { call } from '../lib/service.ts';
import { openTarget, type Driver } from '../lib/target.ts';

export const AGENCY_TARGETS = {
  /** First useful content of every screen, per driver. */
  first_useful_ms: { postgres: 1_000, pglite: 2_000 } as Record<Driver, number>,
  /** API requests until settled, whatever the number of campaigns. */
  open_requests: 10,
  decision_median_ms: 100,
  /** API requests caused by one live event (a burst of 5: at most 15). */
  requests_per_event: 3,
};

const API = '/2026-07/';
/** The event stream is one long request: it is counted once but never waited for. */
const isStream = (url: string) => new URL(url).pathname === '/2026-07/events';
/** Settled: nothing in flight (but the event stream) and nothing new for this long. */
const QUIET_MS = 1_000;
/** A screen that shows nothing useful, or never settles, within this is recorded as such. */
const SCREEN_TIMEOUT_MS = 60_000;
const BURST_EVENTS = 5;
const BURST_WINDOW_MS = 3_000;

interface ScreenDef {
  screen: string;
  path: (w: AgencyWorld) => string;
  /** What counts as its first useful content: the first element matching this is painted. */
  useful: string;
  what: string;
}

/**
 * The screens and what is useful on each: data the reviewer came for, not a skeleton or a header.
 * Selectors name the dashboard's accessible regions, which the screens keep when rebuilt.
 */
export const SCREENS: ScreenDef[] = [
  {
    screen: 'Review',
    path: (w) => `/brands/${w.brandId}/review`,
    useful:
      'section[aria-label="Current submission"][data-submission-id]:not([data-submission-id=""])',
    what: 'the current submission shown (its data-submission-id set)',
  },
  {
    screen: 'Creators (biggest campaign)',
    path: (w) => `/brands/${w.brandId}/creators?campaign=${w.biggest.id}&status=approved`,
    useful: '[aria-label="Approved creators"] tbody tr, ul[aria-label="Approved creators"] li',
    what: 'a row of the approved creators of the campaign with the most waiting',
  },
  {
    screen: 'Campaigns',
    path: (w) => `/brands/${w.brandId}/campaigns`,
    useful: '[aria-label="Campaign list"] [role="rowgroup"] [role="row"]',
    what: 'a row of the campaign list',
  },
  {
    screen: 'Overview',
    path: (w) => `/brands/${w.brandId}/overview`,
    useful: 'main tbody tr:not(:has([role="status"]))',
    what: 'a campaign row with its figures (not their spinner)',
  },
  {
    screen: 'Metrics (biggest campaign)',
    path: (w) => `/brands/${w.brandId}/metrics?campaign=${w.biggest.id}`,
    useful: 'section[aria-label="Performance and spend"] dd',
    what: 'the headline figures of the campaign',
  },
  {
    screen: 'Posts (biggest campaign)',
    path: (w) => `/brands/${w.brandId}/posts?campaign=${w.biggest.id}`,
    useful: 'main tbody tr th[scope="row"]',
    what: 'a row of the posts table',
  },
];

export interface ScreenResult {
  screen: string;
  path: string;
  useful: string;
  /** Navigation start to the first useful content painted, each run; null: not within 60 s. */
  runs_ms: (number | null)[];
  first_useful_ms: number | null;
  /** API requests (under /2026-07/, the event stream included) until settled; the most of the runs. */
  api_requests: number;
  /** Every request of the page until settled (scripts and media included), the most of the runs. */
  requests: number;
  /** Bytes received (headers and encoded bodies) until settled, last run. */
  bytes: number;
  /** Navigation start to settled, last run; null: still busy after 60 s. */
  settled_ms: number | null;
  /** JS heap in use after a garbage collection once settled, last run. */
  heap_mb: number;
  /** The API requests of the last run by method and path (ids as :id), with how many of each. */
  api_paths: Record<string, number>;
  /** Review only: it opened on the oldest waiting submission of the brand. */
  opened_on_oldest?: boolean;
  met: { first_useful: boolean; requests: boolean };
}

export interface AgencyDriverResult {
  driver: Driver;
  world: {
    campaigns: number;
    waiting: number;
    biggest_campaign_waiting: number;
    smallest_campaign_waiting: number;
    creators: number;
    posts: number;
    codes: number;
    build_s: number;
  };
  screens: ScreenResult[];
  decision: {
    decisions: number;
    median_ms: number | null;
    p95_ms: number | null;
    samples_ms: number[];
    error?: string;
    met: boolean;
  };
  live_burst: {
    events: number;
    window_ms: number;
    api_requests: number;
    paths: string[];
    /** The queue had settled before the burst (else its own paging may be counted in the window). */
    settled_before?: boolean;
    met: boolean;
  };
  page_errors: string[];
}

export interface AgencyResult {
  chromium: string;
  size: { campaigns: number; waiting: number };
  runs_per_screen: number;
  targets: typeof AGENCY_TARGETS;
  drivers: AgencyDriverResult[];
}

/** What a page sends, from a moment on: requests in flight, counts and bytes. */
class Traffic {
  started = 0;
  api = 0;
  all = 0;
  apiPaths: string[] = [];
  private inflight = new Set<Request>();
  private sizes: Promise<number>[] = [];
  private last = 0;
  constructor(private page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onDone);
    page.on('requestfailed', this.onFailed);
  }
  private onRequest = (r: Request) => {
    this.all++;
    const url = new URL(r.url());
    if (url.pathname.startsWith(API)) {
      this.api++;
      this.apiPaths.push(`${r.method()} ${url.pathname}${url.search}`);
    }
    this.last = performance.now();
    if (!isStream(r.url())) this.inflight.add(r);
  };
  private onDone = (r: Request) => {
    if (!this.inflight.delete(r)) return;
    this.last = performance.now();
    this.sizes.push(
      r
        .sizes()
        .then((s) => s.responseHeadersSize + Math.max(0, s.responseBodySize))
        .catch(() => 0),
    );
  };
  private onFailed = (r: Request) => {
    if (this.inflight.delete(r)) this.last = performance.now();
  };
  reset() {
    this.api = 0;
    this.all = 0;
    this.apiPaths = [];
    this.sizes = [];
    this.inflight.clear();
    this.started = performance.now();
    this.last = this.started;
  }
  /** Waits until settled; the ms from `reset` to the last request's end, or null on time-out. */
  async settled(timeoutMs = SCREEN_TIMEOUT_MS): Promise<number | null> {
    for (;;) {
      const now = performance.now();
      if (this.inflight.size === 0 && now - this.last >= QUIET_MS) return this.last - this.started;
      if (now - this.started > timeoutMs) return null;
      await sleep(50);
    }
  }
  async bytes() {
    return (await Promise.all(this.sizes)).reduce((a, b) => a + b, 0);
  }
  stop() {
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onDone);
    this.page.off('requestfailed', this.onFailed);
  }
}

/** Requests grouped by method and path, ids and the query left out. */
function byPath(requests: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) {
    const key = r.replace(/\?.*$/, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  return round(used / 1024 / 1024, 1);
}

/** Navigates to `url`; the page's ms from navigation start to `selector` matching, or null. */
async function firstUseful(page: Page, url: string, selector: string): Promise<number | null> {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      (sel) => (document.querySelector(sel) ? performance.now() : false),
      selector,
      { polling: 'raf', timeout: SCREEN_TIMEOUT_MS },
    );
    return round((await handle.jsonValue()) as number, 0);
  } catch {
    return null;
  }
}

/**
 * Installed before the dashboard's code (plain JavaScript, so no helper of the TypeScript runner
 * leaks into the page): for an armed A key press, the time from the key event to the first frame
 * painted after the current submission's data-submission-id changed (as bench/review-decisions.ts).
 */
const DECISION_COLLECTOR = `(() => {
  const state = { samples: [], armed: false };
  window.__agency = state;
  addEventListener('keydown', (event) => {
    const section = document.querySelector('section[aria-label="Current submission"]');
    if (!state.armed || event.key !== 'a' || !section) return;
    const before = section.dataset.submissionId;
    const start = event.timeStamp;
    const observer = new MutationObserver(() => {
      if (section.dataset.submissionId === before) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => state.samples.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    });
    observer.observe(section, { attributes: true, attributeFilter: ['data-submission-id'] });
  }, { capture: true });
})();`;

async function signInAsMember(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor({ timeout: 60_000 });
}

/** Five creators approved on the smallest campaign, ready to submit during the burst. */
async function burstCreators(base: string, world: AgencyWorld, tag: string) {
  const ids: string[] = [];
  for (let i = 0; i < BURST_EVENTS; i++) {
    const creator = await call<{ id: string }>(base, 'POST', '/ops/creators', config.opsToken, {
      username: `burst_${tag}_${i}`,
      properties: {},
    });
    await call(base, 'POST', `/ops/campaigns/${world.smallest.id}/applications`, config.opsToken, {
      creator_id: creator.id,
    });
    ids.push(creator.id);
  }
  return ids;
}

async function agencyOn(
  driver: Driver,
  size: { campaigns: number; waiting: number },
  runs: number,
  decisions: number,
): Promise<AgencyDriverResult | null> {
  const target = await openTarget(driver, {
    STATIC_DIR: config.staticDir,
    // The burst's submissions point at the service's own sample media: let inspection fetch them.
    MEDIA_ALLOW_HOSTS: '127.0.0.1',
  });
  if (!target) return null;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`agency, ${driver}: ${size.campaigns} campaigns, ${size.waiting} waiting ...`);
    const built = performance.now();
    const world = await buildAgencyWorld(target, size);
    const buildS = round((performance.now() - built) / 1000, 1);
    console.log(`  world built in ${buildS} s (biggest campaign ${world.biggest.waiting} waiting)`);
    const base = target.service().base;
    const creators = await burstCreators(base, world, driver);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(DECISION_COLLECTOR);
    await signInAsMember(page, base, world.reviewer.email, world.reviewer.password);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const traffic = new Traffic(page);
    const screens: ScreenResult[] = [];
    const limit = AGENCY_TARGETS.first_useful_ms[driver];

    for (const s of SCREENS) {
      const url = `${base}${s.path(world)}`;
      const times: (number | null)[] = [];
      let api = 0;
      let all = 0;
      let bytes = 0;
      let settled: number | null = null;
      let heap = 0;
      let oldest: boolean | undefined;
      let paths: Record<string, number> = {};
      for (let r = 0; r < runs; r++) {
        traffic.reset();
        times.push(await firstUseful(page, url, s.useful));
        if (s.screen === 'Review' && r === 0) {
          oldest =
            (await page
              .locator('section[aria-label="Current submission"]')
              .getAttribute('data-submission-id', { timeout: 1_000 })
              .catch(() => null)) === world.oldest.id;
        }
        settled = await traffic.settled();
        api = Math.max(api, traffic.api);
        all = Math.max(all, traffic.all);
        bytes = await traffic.bytes();
        heap = await heapMb(cdp);
        paths = byPath(traffic.apiPaths);
      }
      const measured = times.filter((t): t is number => t !== null).sort((a, b) => a - b);
      const median = measured.length === times.length ? quantile(measured, 0.5) : null;
      const result: ScreenResult = {
        screen: s.screen,
        path: s.path(world).replace(world.brandId, ':brand').replace(world.biggest.id, ':biggest'),
        useful: s.what,
        runs_ms: times,
        first_useful_ms: median,
        api_requests: api,
        requests: all,
        bytes,
        settled_ms: settled === null ? null : round(settled, 0),
        heap_mb: heap,
        api_paths: paths,
        ...(oldest === undefined ? {} : { opened_on_oldest: oldest }),
        met: {
          first_useful: median !== null && median <= limit,
          requests: api <= AGENCY_TARGETS.open_requests,
        },
      };
      screens.push(result);
      console.log(
        `  ${s.screen}: first useful ${median ?? 'timed out'} ms, ${api} API requests (${all} in all), ` +
          `${round(bytes / 1024, 0)} KiB, settled ${result.settled_ms ?? '> 60,000'} ms, heap ${heap} MB`,
      );
    }

    // The review queue again, settled: a burst of 5 new submissions, then decisions.
    await firstUseful(page, `${base}${SCREENS[0]!.path(world)}`, SCREENS[0]!.useful);
    traffic.reset();
    const settledBefore = (await traffic.settled()) !== null;
    traffic.reset();
    for (const creatorId of creators) {
      await call(base, 'POST', `/ops/campaigns/${world.smallest.id}/submissions`, config.opsToken, {
        creator_id: creatorId,
        task_id: world.smallest.taskId,
        media_type: 'video',
        media_url: `${base}/samples/clip-1.mp4`,
        thumbnail_url: `${base}/samples/thumb-1.svg`,
      });
    }
    await sleep(BURST_WINDOW_MS - (performance.now() - traffic.started));
    const burstPaths = traffic.apiPaths.filter((p) => !p.endsWith('/2026-07/events'));
    const burst = {
      events: BURST_EVENTS,
      window_ms: BURST_WINDOW_MS,
      api_requests: burstPaths.length,
      paths: burstPaths,
      settled_before: settledBefore,
      met: burstPaths.length <= AGENCY_TARGETS.requests_per_event * BURST_EVENTS,
    };
    console.log(
      `  burst of ${BURST_EVENTS} live events: ${burst.api_requests} API requests in 3 s`,
    );
    traffic.stop();

    const decision = await measureDecisions(page, decisions);
    console.log(
      `  decision to next item: median ${decision.median_ms ?? '-'} ms, p95 ${decision.p95_ms ?? '-'} ms` +
        (decision.error ? ` (${decision.error})` : ''),
    );
    await context.close();
    return {
      driver,
      world: {
        campaigns: world.campaigns,
        waiting: world.waiting,
        biggest_campaign_waiting: world.biggest.waiting,
        smallest_campaign_waiting: world.smallest.waiting,
        creators: world.creators,
        posts: world.posts,
        codes: world.codes,
        build_s: buildS,
      },
      screens,
      decision,
      live_burst: burst,
      page_errors: errors,
    };
  } finally {
    await browser.close();
    await target.close();
  }
}

/** `count` approvals with A, 300 ms apart, after 3 not counted; the median of key to paint. */
async function measureDecisions(
  page: Page,
  count: number,
): Promise<AgencyDriverResult['decision']> {
  const warmup = 3;
  const samples = () =>
    page.evaluate(
      () => (window as unknown as { __agency: { samples: number[] } }).__agency.samples,
    );
  try {
    await page.evaluate(() => {
      (window as unknown as { __agency: { armed: boolean } }).__agency.armed = true;
    });
    for (let n = 0; n < warmup + count; n++) {
      // The decision keys count once the submission has been on screen for a moment.
      await page
        .locator('section[aria-label="Current submission"][data-decision-keys="ready"]')
        .waitFor();
      await page.keyboard.press('a');
      await page.waitForFunction(
        (expected) =>
          (window as unknown as { __agency: { samples: unknown[] } }).__agency.samples.length >=
          expected,
        n + 1,
        { timeout: 10_000 },
      );
      await sleep(300);
    }
    const measured = (await samples()).slice(warmup).sort((a, b) => a - b);
    const median = round(quantile(measured, 0.5), 1);
    return {
      decisions: measured.length,
      median_ms: median,
      p95_ms: round(quantile(measured, 0.95), 1),
      samples_ms: measured.map((x) => round(x, 1)),
      met: median < AGENCY_TARGETS.decision_median_ms,
    };
  } catch (err) {
    const measured = (await samples().catch(() => [] as number[])).slice(warmup);
    return {
      decisions: measured.length,
      median_ms: null,
      p95_ms: null,
      samples_ms: measured.map((x) => round(x, 1)),
      error: `a decision did not show the next item within 10 s: ${String(err).split('\n')[0]}`,
      met: false,
    };
  }
}

export async function benchAgency(drivers: Driver[], quick: boolean): Promise<AgencyResult> {
  const size = {
    campaigns: numberEnv('BENCH_AGENCY_CAMPAIGNS', 300),
    waiting: numberEnv('BENCH_AGENCY_WAITING', quick ? 3_000 : 30_000),
  };
  const runs = numberEnv('BENCH_AGENCY_RUNS', quick ? 1 : 3);
  const decisions = 20;
  const results: AgencyDriverResult[] = [];
  for (const driver of drivers) {
    const r = await agencyOn(driver, size, runs, decisions);
    if (r) results.push(r);
  }
  const browser = await chromium.launch(chromiumLaunchOptions);
  const version = browser.version();
  await browser.close();
  return {
    chromium: version,
    size,
    runs_per_screen: runs,
    targets: AGENCY_TARGETS,
    drivers: results,
  };
}

const mark = (ok: boolean) => (ok ? 'yes' : 'NO');

export function printAgency(r: AgencyResult) {
  for (const d of r.drivers) {
    const limit = r.targets.first_useful_ms[d.driver];
    console.log(
      `\nagency, ${d.driver}: ${d.world.campaigns} campaigns, ${d.world.waiting} waiting ` +
        `(targets: first useful <= ${limit} ms, <= ${r.targets.open_requests} API requests)`,
    );
    printRows([
      ['screen', 'first useful ms', 'API req', 'all req', 'KiB', 'settled ms', 'heap MB', 'met'],
      ...d.screens.map((s) => [
        s.screen,
        s.first_useful_ms === null ? 'timed out' : String(s.first_useful_ms),
        String(s.api_requests),
        String(s.requests),
        String(round(s.bytes / 1024, 0)),
        s.settled_ms === null ? '> 60000' : String(s.settled_ms),
        String(s.heap_mb),
        `${mark(s.met.first_useful)} / ${mark(s.met.requests)}`,
      ]),
    ]);
    const review = d.screens.find((s) => s.screen === 'Review');
    console.log(
      `  opened on the oldest waiting: ${review?.opened_on_oldest ? 'yes' : 'NO'}; ` +
        `decision median ${d.decision.median_ms ?? '-'} ms (< ${r.targets.decision_median_ms}): ${mark(d.decision.met)}; ` +
        `burst of ${d.live_burst.events} events: ${d.live_burst.api_requests} API requests ` +
        `(<= ${r.targets.requests_per_event * d.live_burst.events}): ${mark(d.live_burst.met)}`,
    );
  }
  console.log('');
}
