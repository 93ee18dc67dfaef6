import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignCreate } from '#contract/campaigns';
import { Submission } from '#contract/submissions';
import { openPostgres, queryRows, type Database, type Db } from '../db/client.ts';
import type { Reviewer } from '../domain/reviewer.ts';
import { approvedCreator, review } from '../test/activity.ts';
import { campaignIn, expectError, expectStatus, task } from '../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN } from '../test/harness.ts';
import { inspectionHandler, type InspectionDeps } from './inspect-submission.ts';
import { claimInspection } from '../services/inspection.ts';
import { pendingInspections } from './inspection-queue.ts';
import { createWorker } from './worker.ts';

// Inspection as a durable job (docs/review-bar.md#inspection), end to end through /ops and the interface:
// a local server hands out the sample media (127.0.0.1 listed as an allowed host).

const { ctx, brand } = await brandWorld();
const app = ctx.makeApp({ inspectMedia: true });
let media: Server;
let base: string;
let flakyFailures = 0;

beforeAll(async () => {
  media = createServer((req, res) => {
    if (req.url === '/flaky.mp4' && flakyFailures > 0) {
      flakyFailures--;
      res.writeHead(503).end();
      return;
    }
    const name = req.url === '/flaky.mp4' ? 'clip-1.mp4' : req.url!.slice(1);
    try {
      const bytes = readFileSync(new URL(`../../public/samples/${name}`, import.meta.url));
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => media.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});
afterAll(async () => {
  media.closeAllConnections();
  await new Promise((done) => media.close(done));
});

const fetchLimits = {
  maxBytes: 1_000_000,
  timeoutMs: 5_000,
  maxRedirects: 2,
  allowHosts: new Set(['127.0.0.1']),
};
const deps = (over: Partial<InspectionDeps> = {}): InspectionDeps => ({
  db: ctx.db,
  reviewer: {
    review: () => Promise.resolve({ decision: 'left_for_buyer', reason: 'not configured' }),
  },
  fetch: fetchLimits,
  backoffMs: () => 0,
  ...over,
});
const worker = (over: Partial<InspectionDeps> = {}, db: Db = ctx.db) =>
  createWorker({ db, handle: inspectionHandler({ ...deps(over), db }), leaseMs: 60_000 });

async function campaignWith(overrides: Partial<CampaignCreate>) {
  const campaign = await campaignIn(ctx, brand.key.key, 'active', overrides);
  return { campaign, taskId: campaign.tasks![0]!.id };
}

const storyCampaign = (mode: 'strict' | 'moderate' | 'lenient' | 'always' = 'moderate') =>
  campaignWith({
    settings: { post_approval_mode: mode },
    tasks: [task({ platforms: ['tiktok'], formats: ['story_video'] })],
  });

async function submitMedia(world: { campaign: { id: string }; taskId: string }, file: string) {
  const creator = await approvedCreator(ctx, world.campaign as never, brand.key.key);
  const res = await ctx.requestTo(app, 'POST', `/ops/campaigns/${world.campaign.id}/submissions`, {
    key: TEST_OPS_TOKEN,
    body: {
      creator_id: creator.id,
      task_id: world.taskId,
      media_type: 'video',
      media_url: `${base}/${file}`,
    },
  });
  return Submission.parse(expectStatus(res, 201));
}

const read = async (campaignId: string, id: string) =>
  Submission.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/submissions/${id}`, {
        key: brand.key.key,
      }),
      200,
    ),
  );

const updates = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from events where resource_id = ${id} and type = 'submission.updated'`,
    )
  )[0]!.n;

describe('inspection jobs', () => {
  it('a new submission waits in review with checks null, readable and listed; inspection records media and checks', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'clip-1.mp4');
    expect(s).toMatchObject({ status: 'in_review', checks: null, media: null });
    await worker().drain();
    const after = await read(world.campaign.id, s.id);
    expect(after.status).toBe('in_review');
    expect(after.media).toEqual({
      content_type: 'video/mp4',
      size_bytes: 21571,
      width: 180,
      height: 320,
      duration_s: 3,
    });
    expect(after.checks!.map((c) => `${c.name}:${c.outcome}`)).toEqual([
      'playable:pass',
      'orientation:pass',
      'duration:pass',
      'resolution:pass',
    ]);
  });

  it('unplayable media and a too-long video become failed, failure_reason naming the check', async () => {
    const world = await storyCampaign('lenient');
    const broken = await submitMedia(world, 'broken.mp4');
    const missing = await submitMedia(world, 'nothing-here.mp4');
    const strictWorld = await storyCampaign('moderate');
    const long = await submitMedia(strictWorld, 'long.mp4');
    await worker().drain();
    expect(await read(world.campaign.id, broken.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'playable: the video file is incomplete or damaged and cannot be played',
      awaiting: null,
    });
    expect((await read(world.campaign.id, missing.id)).failure_reason).toBe(
      'playable: could not fetch the media: the media host answered 404',
    );
    expect(await read(strictWorld.campaign.id, long.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'duration: 212 s, TikTok story allows 60 s',
    });
  });

  it('landscape video for a story: a warning in review (moderate), failed (strict), approved (always)', async () => {
    const results = [];
    for (const mode of ['moderate', 'strict', 'always'] as const) {
      const world = await storyCampaign(mode);
      const s = await submitMedia(world, 'landscape.mp4');
      await worker().drain();
      results.push(await read(world.campaign.id, s.id));
    }
    expect(results.map((s) => s.status)).toEqual(['in_review', 'failed', 'approved']);
    expect(results[0]!.checks!.find((c) => c.name === 'orientation')).toMatchObject({
      outcome: 'warn',
    });
    expect(results[1]!.failure_reason).toBe(
      'orientation: landscape 320×180; story_video wants vertical',
    );
  });

  it('a fetch error is retried with backoff, then the media is inspected', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'flaky.mp4');
    flakyFailures = 2;
    const delays: number[] = [];
    const w = worker({ backoffMs: (n) => (delays.push(n), 0) });
    await w.drain();
    expect(delays).toEqual([1, 2]);
    const [job] = await queryRows<{ attempts: number; state: string; last_error: string }>(
      ctx.db,
      sql`select attempts, state, last_error from inspection_jobs where submission_id = ${s.id}`,
    );
    expect(job).toEqual({ attempts: 3, state: 'done', last_error: 'the media host answered 503' });
    expect((await read(world.campaign.id, s.id)).checks![0]).toMatchObject({
      name: 'playable',
      outcome: 'pass',
    });
  });

  it('a retry waits for its backoff before the job is due again', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'flaky.mp4');
    flakyFailures = 1;
    const w = worker({ backoffMs: () => 60_000 });
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0); // not due for a minute
    expect((await read(world.campaign.id, s.id)).checks).toBeNull();
    await ctx.db.execute(
      sql`update inspection_jobs set run_at = now() where submission_id = ${s.id}`,
    );
    expect(await w.drain()).toBe(1);
    expect((await read(world.campaign.id, s.id)).checks).not.toBeNull();
  });

  it('restart during inspection: a job whose worker died is taken again after its lease and finishes once', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'broken.mp4');
    const before = await updates(s.id);
    // Worker A claims the job and dies (its lease is short here).
    const stale = await claimInspection(ctx.db, 50);
    expect(stale?.submissionId).toBe(s.id);
    expect(await worker().drain()).toBe(0); // still leased
    // Until the lease has run out (the database's clock decides, not a sleep of ours).
    await expect
      .poll(async () => {
        const [job] = await queryRows<{ expired: boolean }>(
          ctx.db,
          sql`select locked_until < now() as expired from inspection_jobs where id = ${stale!.id}`,
        );
        return job?.expired;
      })
      .toBe(true);
    // Worker B (after the restart) takes it again with a new lease...
    const fresh = await claimInspection(ctx.db, 60_000);
    expect(fresh).toMatchObject({ id: stale!.id, attempts: 2 });
    // ...the old holder's late finish changes nothing...
    const handle = inspectionHandler(deps());
    await handle(stale!);
    expect((await read(world.campaign.id, s.id)).status).toBe('in_review');
    // ...and the new holder's finish applies, once.
    await handle(fresh!);
    await handle(fresh!);
    expect((await read(world.campaign.id, s.id)).status).toBe('failed');
    expect(await updates(s.id)).toBe(before + 1);
    const [totals] = await queryRows<{ in_review: number }>(
      ctx.db,
      sql`select submissions_in_review::int as in_review from campaign_totals where campaign_id = ${world.campaign.id}`,
    );
    expect(totals!.in_review).toBe(0);
  });

  it('shutdown: a job still running when the worker stops is released to the queue at once, and its late finish changes nothing', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'broken.mp4');
    let finish: () => void = () => {};
    let lateFinishDone = false;
    const slow = createWorker({
      db: ctx.db,
      leaseMs: 60_000,
      handle: async (job) => {
        await new Promise<void>((done) => (finish = done));
        try {
          await inspectionHandler(deps())(job);
        } finally {
          lateFinishDone = true;
        }
        return { kind: 'done' };
      },
    });
    slow.start();
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ state: string }>(
              ctx.db,
              sql`select state from inspection_jobs where submission_id = ${s.id}`,
            )
          )[0]?.state,
      )
      .toBe('running');
    await slow.stop(50);
    const [job] = await queryRows<{ state: string; attempts: number; lock_token: string | null }>(
      ctx.db,
      sql`select state, attempts, lock_token from inspection_jobs where submission_id = ${s.id}`,
    );
    expect(job).toEqual({ state: 'queued', attempts: 0, lock_token: null });
    finish();
    await vi.waitFor(() => expect(lateFinishDone).toBe(true));
    expect((await read(world.campaign.id, s.id)).status).toBe('in_review');
    // Another instance takes it without waiting for a lease.
    expect(await worker().drain()).toBe(1);
    expect((await read(world.campaign.id, s.id)).status).toBe('failed');
  });

  it('a revision gets its own inspection', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'clip-1.mp4');
    await worker().drain();
    await review(ctx, brand.key.key, world.campaign.id, s.id, 'reject');
    const revised = Submission.parse(
      expectStatus(
        await ctx.requestTo(app, 'POST', `/ops/submissions/${s.id}/revise`, {
          key: TEST_OPS_TOKEN,
          body: { media_url: `${base}/long.mp4` },
        }),
        200,
      ),
    );
    expect(revised).toMatchObject({
      status: 'in_review',
      checks: null,
      media: null,
      revision_count: 1,
    });
    expect(await worker().drain()).toBe(1);
    expect((await read(world.campaign.id, s.id)).failure_reason).toContain('duration: 212 s');
  });

  it('a submission still being inspected cannot be decided: 409 inspection_pending, nothing changed; then it can', async () => {
    const world = await storyCampaign();
    const s = await submitMedia(world, 'clip-1.mp4');
    const decide = (action: 'approve' | 'reject') =>
      ctx.request('POST', `/2026-07/campaigns/${world.campaign.id}/submissions/${s.id}/${action}`, {
        key: brand.key.key,
        ...(action === 'reject' ? { body: { feedback: 'Show the label.' } } : {}),
      });
    for (const action of ['approve', 'reject'] as const) {
      const refused = await decide(action);
      expectError(refused, 409, 'inspection_pending', 'checks');
      expect(refused.json.message).toContain('still being inspected');
    }
    expect(await read(world.campaign.id, s.id)).toMatchObject({
      status: 'in_review',
      checks: null,
      reviewed_at: null,
      feedback: null,
    });
    await worker().drain();
    const approved = Submission.parse(expectStatus(await decide('approve'), 200));
    expect(approved.status).toBe('approved');
    expect(approved.checks).not.toBeNull();
  });

  it('autoreview: the verdict decides; no verdict leaves it for the buyer with a warning', async () => {
    const world = await campaignWith({
      tasks: [task({ review_mode: 'autoreview', autoreview_prompt: 'The product is visible' })],
    });
    const decide = (decision: Awaited<ReturnType<Reviewer['review']>>) =>
      worker({ reviewer: { review: () => Promise.resolve(decision) } });
    const a = await submitMedia(world, 'clip-1.mp4');
    await decide({ decision: 'approved', reason: 'The product is on screen' }).drain();
    const b = await submitMedia(world, 'clip-2.mp4');
    await decide({ decision: 'rejected', feedback: 'Show the product' }).drain();
    const c = await submitMedia(world, 'clip-3.mp4');
    await decide({
      decision: 'left_for_buyer',
      reason: 'the automatic reviewer did not answer in time (20 seconds)',
    }).drain();
    expect(await read(world.campaign.id, a.id)).toMatchObject({ status: 'approved' });
    expect(await read(world.campaign.id, b.id)).toMatchObject({
      status: 'rejected',
      feedback: 'Show the product',
    });
    const left = await read(world.campaign.id, c.id);
    expect(left.status).toBe('in_review');
    expect(left.checks!.at(-1)).toEqual({
      name: 'autoreview',
      outcome: 'warn',
      detail:
        'left for a person to decide: the automatic reviewer did not answer in time (20 seconds)',
    });
  });
});

describe('two instances sharing the jobs', () => {
  let second: Database | null = null;
  afterAll(() => second?.close());

  it('every job runs once when two workers drain the queue at the same time', async () => {
    let other: Db = ctx.db;
    if (process.env.TEST_DATABASE_URL) {
      // A second pool on the same database: another instance.
      const [row] = await queryRows<{ name: string }>(
        ctx.db,
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${row!.name}`;
      second = await openPostgres(url.toString());
      other = second.db;
    }
    await worker().drain(); // earlier tests' leftovers
    const world = await storyCampaign();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await submitMedia(world, `clip-${(i % 3) + 1}.mp4`)).id);
    const runs: string[] = [];
    const counting = (db: Db) =>
      createWorker({
        db,
        leaseMs: 60_000,
        handle: (job) => {
          runs.push(job.submissionId);
          return inspectionHandler({ ...deps(), db })(job);
        },
      });
    const [x, y] = await Promise.all([counting(ctx.db).drain(), counting(other).drain()]);
    expect(x + y).toBe(10);
    expect([...runs].sort()).toEqual([...ids].sort());
    expect(await pendingInspections(ctx.db)).toBe(0);
    for (const id of ids) expect((await read(world.campaign.id, id)).checks).not.toBeNull();
  });
});

describe('waking the worker', () => {
  it('inspects a new submission at once: the committed arrival wakes the instance’s worker', async () => {
    const world = await storyCampaign();
    // Drain what other tests left, then a worker that would otherwise wait a minute between polls.
    await worker().drain();
    // The worker's database, counting its finished transactions: its looks at the queue.
    let looks = 0;
    const counted = new Proxy(ctx.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'transaction' || typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          (value.apply(target, args) as Promise<unknown>).finally(() => looks++);
      },
    });
    const idle = createWorker({
      db: counted,
      handle: inspectionHandler(deps()),
      leaseMs: 60_000,
      pollMs: 60_000,
    });
    let wakes = 0;
    const woken = ctx.makeApp({
      inspectMedia: true,
      onInspectionQueued: () => {
        wakes++;
        idle.wake();
      },
    });
    idle.start();
    try {
      await vi.waitFor(() => expect(looks).toBeGreaterThan(0)); // its first look found nothing
      const creator = await approvedCreator(ctx, world.campaign as never, brand.key.key);
      const sent = Submission.parse(
        expectStatus(
          await ctx.requestTo(woken, 'POST', `/ops/campaigns/${world.campaign.id}/submissions`, {
            key: TEST_OPS_TOKEN,
            body: {
              creator_id: creator.id,
              task_id: world.taskId,
              media_type: 'video',
              media_url: `${base}/clip-1.mp4`,
            },
          }),
          201,
        ),
      );
      expect(wakes).toBe(1);
      await expect
        .poll(async () => (await read(world.campaign.id, sent.id)).checks, { timeout: 5_000 })
        .not.toBeNull();

      // A refused arrival queued nothing and wakes nobody.
      const refused = await ctx.requestTo(
        woken,
        'POST',
        `/ops/campaigns/${world.campaign.id}/submissions`,
        {
          key: TEST_OPS_TOKEN,
          body: {
            creator_id: 'cr_nobody',
            task_id: world.taskId,
            media_type: 'video',
            media_url: `${base}/clip-1.mp4`,
          },
        },
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(wakes).toBe(1);
    } finally {
      await idle.stop();
    }
  });
});
