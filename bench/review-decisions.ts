// Time from a review decision's key press to the next submission painted, in Chromium, against
// the real built service and dashboard. Target: median < 100 ms, p95 < 200 ms (issue #4).
//
// The world (not measured): a brand with 3 active campaigns and BENCH_SUBMISSIONS (72) submissions
// waiting, each from its own creator with the sample media of public/samples (every fourth a
// carousel of 2 to 6 slides), all made through /ops. Chromium (Debian's, with the flags of playwright.config.ts) signs in through the key
// screen and opens the review queue, as a reviewer would.
//
// What is measured, in the page: a script installed before the dashboard's code listens to
// `keydown` (capture) for the decision key: A (approve) or Enter in the feedback box (reject,
// every fifth decision: R opens the box, feedback is typed, Enter decides). Start: the key
// event's own timestamp (when the browser created it, before any handler ran). End: the first
// frame painted after the current submission's identity (`data-submission-id` of the "Current
// submission" region, which changes in the same commit as the creator's name and media) has
// changed: a MutationObserver sees the change, a requestAnimationFrame callback runs before that
// frame's paint, and a message posted from it runs after the paint. Also recorded: the change
// itself (commit) and the animation frame, and whether the shown item's media was ready at that
// paint (a video with data for its current frame, an image decoded): the queue keeps the next
// item's media loading in the region, hidden, so the same element is shown after a decision. BENCH_WARMUP_DECISIONS (5) decisions come first and are
// not counted; then BENCH_DECISIONS (50), BENCH_PAUSE_MS (300) apart. Decisions are sent by the
// dashboard after its undo window (4 s), so the sends and the refetches they cause run in the
// background of later measures, as they would for a reviewer.
//
// Usage: npm run bench:review   (writes bench/results/review-decisions.json)
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config.ts';
import { config, numberEnv, quantile, round, ROOT } from './lib/config.ts';
import { loadAtStart, machine, printRows, writeResult } from './lib/results.ts';
import { call, ensureBuild, startService } from './lib/service.ts';

process.chdir(ROOT);

const SUBMISSIONS = numberEnv('BENCH_SUBMISSIONS', 72);
const CAMPAIGNS = 3;
const WARMUP = numberEnv('BENCH_WARMUP_DECISIONS', 5);
const DECISIONS = numberEnv('BENCH_DECISIONS', 50);
const PAUSE_MS = numberEnv('BENCH_PAUSE_MS', 300);
const REJECT_EVERY = 5;
const RESULT = process.env.BENCH_RESULT ?? 'bench/results/review-decisions.json';
const TARGET = { median_ms: 100, p95_ms: 200 };

if (SUBMISSIONS < WARMUP + DECISIONS + 1) {
  throw new Error(
    `BENCH_SUBMISSIONS must be more than ${WARMUP + DECISIONS} (warm-up + decisions)`,
  );
}

type Sample = {
  kind: 'approve' | 'reject';
  commit: number;
  frame: number;
  painted: number;
  mediaReady: boolean;
};

/**
 * Installed before the dashboard's code: measures each decision in the page. Plain JavaScript
 * in a string, so no helper of the TypeScript runner leaks into the page.
 */
const COLLECTOR = `(() => {
  const state = { samples: [], armed: false };
  window.__bench = state;
  addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLTextAreaElement;
    const kind = event.key === 'a' && !typing ? 'approve' : event.key === 'Enter' && typing ? 'reject' : null;
    const section = document.querySelector('section[aria-label="Current submission"]');
    if (!state.armed || !kind || !section) return;
    const before = section.dataset.submissionId;
    const start = event.timeStamp;
    const observer = new MutationObserver(() => {
      if (section.dataset.submissionId === before) return;
      observer.disconnect();
      const commit = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now() - start;
          // Whether the new item's media was already there when it was painted (preloaded).
          // (The one shown: the next item's media waits hidden in the same region.)
          const media = [...section.querySelectorAll('video, img')].find((el) => !el.closest('[hidden]'));
          const mediaReady = media instanceof HTMLVideoElement ? media.readyState >= 2 : media instanceof HTMLImageElement ? media.complete && media.naturalWidth > 0 : false;
          state.samples.push({ kind, commit: commit - start, frame: frame - start, painted, mediaReady });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(section, { attributes: true, attributeFilter: ['data-submission-id'] });
  }, { capture: true });
})();`;

async function seed(base: string) {
  const ops = config.opsToken;
  const brand = await call<{ id: string }>(base, 'POST', '/ops/brands', ops, {
    name: 'Bench reviews',
  });
  const { key } = await call<{ key: string }>(base, 'POST', '/ops/keys', ops, {
    kind: 'brand',
    brand_id: brand.id,
  });
  const samples = readdirSync('public/samples');
  // The clips a creator would send (not the deliberately broken one, nor the long or landscape
  // ones the media checks refuse).
  const videos = samples.filter((f) => /^clip-\d+\.mp4$/.test(f));
  const slides = samples.filter((f) => f.startsWith('slide-'));
  const thumbs = samples.filter((f) => f.startsWith('thumb-'));
  const campaigns: { id: string; taskId: string }[] = [];
  for (let c = 0; c < CAMPAIGNS; c++) {
    const campaign = await call<{ id: string; tasks: { id: string }[] }>(
      base,
      'POST',
      '/2026-07/campaigns',
      key,
      {
        name: `Review bench ${c + 1}`,
        tasks: [
          {
            title: `Routine video ${c + 1}`,
            instructions: 'Film your morning routine with the serum; show the label.',
            caption: 'My morning glow #ad',
            platforms: ['tiktok', 'instagram'],
          },
        ],
      },
    );
    await call(base, 'POST', `/2026-07/campaigns/${campaign.id}/publish`, key);
    await call(base, 'POST', `/ops/campaigns/${campaign.id}/review`, ops, { decision: 'approved' });
    campaigns.push({ id: campaign.id, taskId: campaign.tasks[0]!.id });
  }
  for (let i = 0; i < SUBMISSIONS; i++) {
    const { id, taskId } = campaigns[i % CAMPAIGNS]!;
    const creator = await call<{ id: string }>(base, 'POST', '/ops/creators', ops, {
      username: `bench_creator_${String(i).padStart(3, '0')}`,
      properties: {},
    });
    await call(base, 'POST', `/ops/campaigns/${id}/applications`, ops, { creator_id: creator.id });
    const video = i % 4 !== 3;
    // Every fourth is a carousel of 2 to 6 slides, each slide its own media item.
    const slideCount = 2 + (i % 5);
    await call(base, 'POST', `/ops/campaigns/${id}/submissions`, ops, {
      creator_id: creator.id,
      task_id: taskId,
      media_type: video ? 'video' : 'carousel',
      media_items: video
        ? [{ type: 'video', url: `${base}/samples/${videos[i % videos.length]}` }]
        : Array.from({ length: slideCount }, (_, s) => ({
            type: 'image',
            url: `${base}/samples/${slides[(i + s) % slides.length]}`,
          })),
      thumbnail_url: `${base}/samples/${thumbs[i % thumbs.length]}`,
    });
  }
  return { brandId: brand.id, key };
}

async function main() {
  const load = loadAtStart();
  await ensureBuild({ client: true });
  // The media checks fetch the sample media from this service on the loopback address.
  const service = await startService({
    STATIC_DIR: 'dist/client',
    DATA_DIR: 'memory',
    MEDIA_ALLOW_HOSTS: '127.0.0.1',
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`Seeding ${SUBMISSIONS} waiting submissions through /ops ...`);
    const world = await seed(service.base);
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(COLLECTOR);
    await page.goto(`${service.base}/sign-in`);
    await page.getByRole('button', { name: 'Use an API key instead' }).click();
    await page.getByLabel('API key').fill(world.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.goto(`${service.base}/brands/${world.brandId}/review`);
    await page
      .getByRole('status')
      .filter({ hasText: `${SUBMISSIONS} submissions waiting` })
      .waitFor()
      .catch(async (e: unknown) => {
        await page.screenshot({ path: '/tmp/bench-review-fail.png' });
        console.log(problems, await page.getByRole('status').allTextContents());
        throw e;
      });
    await page.evaluate(() => {
      (window as unknown as { __bench: { armed: boolean } }).__bench.armed = true;
    });

    const count = () =>
      page.evaluate(
        () => (window as unknown as { __bench: { samples: unknown[] } }).__bench.samples.length,
      );
    for (let n = 0; n < WARMUP + DECISIONS; n++) {
      // The decision keys count once the submission has been on screen for a moment (600 ms):
      // each decision waits for that, as a reviewer looking at it would.
      await page
        .locator('section[aria-label="Current submission"][data-decision-keys="ready"]')
        .waitFor();
      if (n % REJECT_EVERY === REJECT_EVERY - 1) {
        await page.keyboard.press('r');
        const box = page.getByRole('textbox', { name: 'Feedback to the creator' });
        await box.waitFor();
        await box.fill('Please show the label in the first three seconds.');
        await page.keyboard.press('Enter');
      } else {
        await page.keyboard.press('a');
      }
      await page.waitForFunction(
        (expected) =>
          (window as unknown as { __bench: { samples: unknown[] } }).__bench.samples.length >=
          expected,
        n + 1,
        { timeout: 10_000 },
      );
      await page.waitForTimeout(PAUSE_MS);
    }
    if ((await count()) !== WARMUP + DECISIONS) throw new Error('a decision was measured twice');
    const all = await page.evaluate(
      () => (window as unknown as { __bench: { samples: Sample[] } }).__bench.samples,
    );
    if (problems.length) console.warn(`The page logged errors:\n${problems.join('\n')}`);
    const samples = all.slice(WARMUP);
    const stats = (pick: (s: Sample) => number) => {
      const sorted = samples.map(pick).sort((a, b) => a - b);
      return { median: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)) };
    };
    const painted = stats((s) => s.painted);
    const result = {
      benchmark: 'review-decisions',
      description:
        'Key press of a decision (A, or Enter in the feedback box) to the first frame painted with the next submission, in Chromium, against the built service and dashboard',
      measured_at: new Date().toISOString(),
      machine: machine(load),
      settings: {
        waiting_submissions: SUBMISSIONS,
        carousels: Math.floor(SUBMISSIONS / 4),
        slides_per_carousel: '2 to 6',
        campaigns: CAMPAIGNS,
        warmup_decisions: WARMUP,
        decisions: DECISIONS,
        rejections: samples.filter((s) => s.kind === 'reject').length,
        pause_ms: PAUSE_MS,
        chromium: browser.version(),
        viewport: '1280x720',
      },
      target: TARGET,
      median_ms: painted.median,
      p95_ms: painted.p95,
      met: painted.median < TARGET.median_ms && painted.p95 < TARGET.p95_ms,
      media_ready_at_paint: samples.filter((s) => s.mediaReady).length / samples.length,
      commit_ms: stats((s) => s.commit),
      frame_ms: stats((s) => s.frame),
      page_errors: problems,
      samples_ms: samples.map((s) => ({
        kind: s.kind,
        commit: round(s.commit),
        frame: round(s.frame),
        painted: round(s.painted),
        media_ready: s.mediaReady,
      })),
    };
    writeResult(RESULT, result);
    printRows(
      [
        ['measure', 'median ms', 'p95 ms'],
        [
          'commit (identity changed)',
          String(result.commit_ms.median),
          String(result.commit_ms.p95),
        ],
        ['animation frame', String(result.frame_ms.median), String(result.frame_ms.p95)],
        ['painted', String(painted.median), String(painted.p95)],
      ],
      1,
    );
    console.log(
      `\nThe next item's media was ready when it was painted in ${Math.round(result.media_ready_at_paint * 100)}% of decisions.`,
    );
    console.log(
      `\n${DECISIONS} decisions: median ${painted.median} ms, p95 ${painted.p95} ms (target < ${TARGET.median_ms} / < ${TARGET.p95_ms}): ${result.met ? 'met' : 'MISSED'}. Wrote ${RESULT}.`,
    );
  } finally {
    await browser.close();
    await service.stop();
  }
}

await main();
