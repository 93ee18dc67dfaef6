import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Submission, SubmissionRevisionPage } from '#contract/submissions';
import { inspectionHandler } from '../../jobs/inspect-submission.ts';
import { createWorker } from '../../jobs/worker.ts';
import { approvedCreator } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, task } from '../../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN, type TestResponse } from '../../test/harness.ts';

// The content itself (docs/api.md#media-items-and-notes, #revisions): every item of a submission,
// inspected one by one; notes at a moment or on a slide when rejecting; every version with the
// decision about it. On the real service, media served by a local server (an allowed host).

const { ctx, brand } = await brandWorld();
const app = ctx.makeApp({ inspectMedia: true });
let media: Server;
let base: string;

beforeAll(async () => {
  media = createServer((req, res) => {
    try {
      const bytes = readFileSync(
        new URL(`../../../public/samples/${req.url!.slice(1)}`, import.meta.url),
      );
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

const inspectAll = () =>
  createWorker({
    db: ctx.db,
    handle: inspectionHandler({
      db: ctx.db,
      reviewer: {
        review: () => Promise.resolve({ decision: 'left_for_buyer', reason: 'not configured' }),
      },
      fetch: {
        maxBytes: 1_000_000,
        timeoutMs: 5_000,
        maxRedirects: 2,
        allowHosts: new Set(['127.0.0.1']),
      },
      backoffMs: () => 0,
    }),
    leaseMs: 60_000,
  }).drain();

const video = (file = 'clip-1.mp4') => ({ type: 'video' as const, url: `${base}/${file}` });
const slide = (n: number) => ({ type: 'image' as const, url: `${base}/slide-${n}.svg` });

async function world() {
  const campaign = await campaignIn(ctx, brand.key.key, 'active', {
    tasks: [task({ platforms: ['instagram'], formats: ['feed_video'] })],
  });
  return { campaign, taskId: campaign.tasks![0]!.id };
}

const opsPost = (path: string, body: unknown) =>
  ctx.requestTo(app, 'POST', path, { key: TEST_OPS_TOKEN, body });

async function sendRaw(
  w: Awaited<ReturnType<typeof world>>,
  body: Record<string, unknown>,
): Promise<TestResponse> {
  const creator = await approvedCreator(ctx, w.campaign, brand.key.key);
  return opsPost(`/ops/campaigns/${w.campaign.id}/submissions`, {
    creator_id: creator.id,
    task_id: w.taskId,
    ...body,
  });
}

async function send(w: Awaited<ReturnType<typeof world>>, body: Record<string, unknown>) {
  return Submission.parse(expectStatus(await sendRaw(w, body), 201));
}

const path = (campaignId: string, id: string) =>
  `/2026-07/campaigns/${campaignId}/submissions/${id}`;

const read = async (campaignId: string, id: string) =>
  Submission.parse(
    expectStatus(await ctx.request('GET', path(campaignId, id), { key: brand.key.key }), 200),
  );

const reject = (campaignId: string, id: string, body: unknown, headers?: Record<string, string>) =>
  ctx.request('POST', `${path(campaignId, id)}/reject`, {
    key: brand.key.key,
    body,
    ...(headers ? { headers } : {}),
  });

const revisions = (campaignId: string, id: string, query = '', key = brand.key.key) =>
  ctx.request('GET', `${path(campaignId, id)}/revisions${query}`, { key });

describe('media_items', () => {
  it('a carousel keeps every slide in order; media_url is the first; inspection measures every slide', async () => {
    const w = await world();
    const s = await send(w, {
      media_type: 'carousel',
      media_items: [slide(1), slide(2), slide(3)],
      thumbnail_url: `${base}/thumb-1.svg`,
    });
    expect(s.media_url).toBe(`${base}/slide-1.svg`);
    expect(s.media_items).toEqual([
      {
        ...slide(1),
        thumbnail_url: `${base}/thumb-1.svg`,
        width: null,
        height: null,
        duration_s: null,
      },
      { ...slide(2), thumbnail_url: null, width: null, height: null, duration_s: null },
      { ...slide(3), thumbnail_url: null, width: null, height: null, duration_s: null },
    ]);
    expect(s.checks).toBeNull();
    await inspectAll();
    const after = await read(w.campaign.id, s.id);
    expect(after.status).toBe('in_review');
    expect(after.media_items.map((i) => [i.width, i.height, i.duration_s])).toEqual([
      [360, 640, null],
      [360, 640, null],
      [360, 640, null],
    ]);
    expect(after.checks!.find((c) => c.name === 'resolution')).toEqual({
      name: 'resolution',
      outcome: 'pass',
      detail: 'every slide: 360×640',
    });
  });

  it('a slide that cannot be fetched fails the carousel, naming the slide', async () => {
    const w = await world();
    const s = await send(w, {
      media_type: 'carousel',
      media_items: [slide(1), slide(2), { type: 'image', url: `${base}/missing.svg` }],
    });
    await inspectAll();
    const after = await read(w.campaign.id, s.id);
    expect(after.status).toBe('failed');
    expect(after.failure_reason).toBe(
      'playable: slide 3: could not fetch the media: the media host answered 404',
    );
    expect(after.checks!.find((c) => c.name === 'playable')!.outcome).toBe('fail');
  });

  it('a video sent as media_items, or as media_url as before, is one item with its duration after inspection', async () => {
    const w = await world();
    const items = await send(w, { media_type: 'video', media_items: [video()] });
    const legacy = await send(w, { media_type: 'video', media_url: `${base}/clip-2.mp4` });
    expect(legacy.media_items).toEqual([
      { ...video('clip-2.mp4'), thumbnail_url: null, width: null, height: null, duration_s: null },
    ]);
    await inspectAll();
    for (const s of [items, legacy]) {
      const after = await read(w.campaign.id, s.id);
      expect(after.media_items).toHaveLength(1);
      expect(after.media_items[0]).toMatchObject({
        type: 'video',
        width: 180,
        height: 320,
        duration_s: 3,
      });
      expect(after.checks!.map((c) => c.detail).join(' ')).not.toContain('slide');
    }
  });

  it('refuses bad content with 422 naming the field, and writes nothing', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ media_type: 'video', media_items: [video()], media_url: video().url }, 'media_url'],
      [{ media_type: 'video' }, 'media_items'],
      [{ media_type: 'video', media_items: [video(), video()] }, 'media_items'],
      [{ media_type: 'video', media_items: [slide(1)] }, 'media_items[0].type'],
      [{ media_type: 'carousel', media_items: [slide(1)] }, 'media_items'],
      [
        { media_type: 'carousel', media_items: Array.from({ length: 21 }, () => slide(1)) },
        'media_items',
      ],
      [
        {
          media_type: 'carousel',
          media_items: [slide(1), { type: 'image', url: 'javascript:alert(1)' }],
        },
        'media_items[1].url',
      ],
      [
        { media_type: 'carousel', media_items: [slide(1), { type: 'gif', url: slide(2).url }] },
        'media_items[1].type',
      ],
      [
        { media_type: 'carousel', media_items: [slide(1), { ...slide(2), width: 5 }] },
        'media_items[1].width',
      ],
    ];
    for (const [body, field] of cases) {
      expectError(await sendRaw(w, body), 422, 'validation_failed', field);
    }
    const list = await ctx.request('GET', `/2026-07/campaigns/${w.campaign.id}/submissions`, {
      key: brand.key.key,
    });
    expect(expectStatus(list, 200).data).toEqual([]);
  });
});

describe('notes on a rejection', () => {
  async function inspectedVideo() {
    const w = await world();
    const s = await send(w, { media_type: 'video', media_items: [video()] });
    await inspectAll();
    return { w, s };
  }

  it('a moment past the video, an item out of range, a moment on an image: 422 naming the note; nothing decided', async () => {
    const { w, s } = await inspectedVideo();
    const note = (n: Record<string, unknown>) => ({
      notes: [
        { text: 'ok', at_s: 1 },
        { text: 'x', ...n },
      ],
    });
    expectError(
      await reject(w.campaign.id, s.id, note({ at_s: 3.5 })),
      422,
      'validation_failed',
      'notes[1].at_s',
    );
    expectError(
      await reject(w.campaign.id, s.id, note({ item: 1 })),
      422,
      'validation_failed',
      'notes[1].item',
    );
    expectError(
      await reject(w.campaign.id, s.id, note({ at_s: -1 })),
      422,
      'validation_failed',
      'notes[1].at_s',
    );
    expectError(
      await reject(w.campaign.id, s.id, note({ item: 0.5 })),
      422,
      'validation_failed',
      'notes[1].item',
    );
    expectError(
      await reject(w.campaign.id, s.id, note({ text: '' })),
      422,
      'validation_failed',
      'notes[1].text',
    );
    expectError(
      await reject(w.campaign.id, s.id, note({ text: 'y'.repeat(1001) })),
      422,
      'validation_failed',
      'notes[1].text',
    );
    expectError(
      await reject(w.campaign.id, s.id, {
        notes: Array.from({ length: 51 }, () => ({ text: 'n' })),
      }),
      422,
      'validation_failed',
      'notes',
    );
    expect((await read(w.campaign.id, s.id)).status).toBe('in_review');

    const carousel = await send(w, { media_type: 'carousel', media_items: [slide(1), slide(2)] });
    await inspectAll();
    expectError(
      await reject(w.campaign.id, carousel.id, { notes: [{ text: 'dark', item: 1, at_s: 0 }] }),
      422,
      'validation_failed',
      'notes[0].at_s',
    );
  });

  it('notes without feedback: the feedback lists them, the notes are ordered by item then moment', async () => {
    const { w, s } = await inspectedVideo();
    const res = await reject(w.campaign.id, s.id, {
      notes: [
        { text: 'Cut the ending.', at_s: 2.6, item: 0 },
        { text: 'Mention the code.' },
        { text: 'The label is hidden.', at_s: 1, item: null },
      ],
    });
    const rejected = Submission.parse(expectStatus(res, 200));
    expect(rejected.status).toBe('rejected');
    expect(rejected.notes).toEqual([
      { text: 'Mention the code.', at_s: null, item: null },
      { text: 'The label is hidden.', at_s: 1, item: null },
      { text: 'Cut the ending.', at_s: 2.6, item: 0 },
    ]);
    expect(rejected.feedback).toBe(
      'Mention the code.; 0:01 The label is hidden.; 0:02 Cut the ending.',
    );
    expect(await read(w.campaign.id, s.id)).toMatchObject({ notes: rejected.notes });
  });

  it('on a carousel the feedback names the slides; feedback sent is kept as sent', async () => {
    const w = await world();
    const a = await send(w, {
      media_type: 'carousel',
      media_items: [slide(1), slide(2), slide(3)],
    });
    const b = await send(w, { media_type: 'carousel', media_items: [slide(1), slide(2)] });
    await inspectAll();
    const ra = Submission.parse(
      expectStatus(
        await reject(w.campaign.id, a.id, {
          notes: [
            { text: 'Too dark.', item: 2 },
            { text: 'Product cut off.', item: 0 },
          ],
        }),
        200,
      ),
    );
    expect(ra.feedback).toBe('slide 1: Product cut off.; slide 3: Too dark.');
    const rb = Submission.parse(
      expectStatus(
        await reject(w.campaign.id, b.id, {
          feedback: 'See the notes.',
          notes: [{ text: 'Blurry.', item: 1 }],
        }),
        200,
      ),
    );
    expect(rb).toMatchObject({
      feedback: 'See the notes.',
      notes: [{ text: 'Blurry.', at_s: null, item: 1 }],
    });
  });

  it('a retried rejection with notes and the same Idempotency-Key answers the original', async () => {
    const { w, s } = await inspectedVideo();
    const body = { notes: [{ text: 'Label hidden.', at_s: 1 }] };
    const first = await reject(w.campaign.id, s.id, body, { 'Idempotency-Key': 'notes-1' });
    expect(first.status).toBe(200);
    const retry = await reject(w.campaign.id, s.id, body, { 'Idempotency-Key': 'notes-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replay')).toBe('true');
    expect(retry.text).toBe(first.text);
    expectError(
      await reject(
        w.campaign.id,
        s.id,
        { notes: [{ text: 'Other.' }] },
        { 'Idempotency-Key': 'notes-1' },
      ),
      409,
      'idempotency_conflict',
    );
  });
});

describe('GET .../revisions', () => {
  it('lists every version newest first, each with its content, checks and decision', async () => {
    const w = await world();
    const s = await send(w, {
      media_type: 'carousel',
      media_items: [slide(1), slide(2), slide(3)],
    });
    await inspectAll();
    expectStatus(
      await reject(w.campaign.id, s.id, { notes: [{ text: 'Too dark.', item: 1 }] }),
      200,
    );
    const revised = Submission.parse(
      expectStatus(
        await opsPost(`/ops/submissions/${s.id}/revise`, {
          media_items: [slide(1), slide(4), slide(3)],
        }),
        200,
      ),
    );
    expect(revised).toMatchObject({
      status: 'in_review',
      revision_count: 1,
      media_url: slide(1).url,
      notes: [{ text: 'Too dark.', at_s: null, item: 1 }],
    });
    expect(revised.media_items.map((i) => i.url)).toEqual([
      slide(1).url,
      slide(4).url,
      slide(3).url,
    ]);

    const page = SubmissionRevisionPage.parse(
      expectStatus(await revisions(w.campaign.id, s.id), 200),
    );
    expect(page.has_more).toBe(false);
    expect(page.data.map((v) => v.revision)).toEqual([1, 0]);
    const [now, before] = page.data;
    expect(now).toMatchObject({ checks: null, decision: null, submitted_at: revised.submitted_at });
    expect(now!.media_items.map((i) => i.url)).toEqual(revised.media_items.map((i) => i.url));
    expect(before!.media_items.map((i) => [i.url, i.width])).toEqual([
      [slide(1).url, 360],
      [slide(2).url, 360],
      [slide(3).url, 360],
    ]);
    expect(before!.checks!.length).toBeGreaterThan(0);
    expect(before!.decision).toMatchObject({
      status: 'rejected',
      feedback: 'slide 2: Too dark.',
      notes: [{ text: 'Too dark.', at_s: null, item: 1 }],
      decided_by: { type: 'key', id: brand.key.id },
    });
    expect(before!.decision!.decided_by.label).toContain(brand.key.prefix);

    await inspectAll();
    expectStatus(
      await ctx.request('POST', `${path(w.campaign.id, s.id)}/approve`, { key: brand.key.key }),
      200,
    );
    const first = SubmissionRevisionPage.parse(
      expectStatus(await revisions(w.campaign.id, s.id, '?limit=1'), 200),
    );
    expect(first.data[0]).toMatchObject({
      revision: 1,
      decision: { status: 'approved', notes: [] },
    });
    expect(first.data[0]!.checks).not.toBeNull();
    expect(first.has_more).toBe(true);
    const second = SubmissionRevisionPage.parse(
      expectStatus(
        await revisions(w.campaign.id, s.id, `?limit=1&starting_after=${first.next_cursor}`),
        200,
      ),
    );
    expect(second.data.map((v) => v.revision)).toEqual([0]);
    expect(second.has_more).toBe(false);
  });

  it('a failure by the review bar is a decision of the platform', async () => {
    const w = await world();
    const s = await send(w, { media_type: 'video', media_items: [video('broken.mp4')] });
    await inspectAll();
    const page = SubmissionRevisionPage.parse(
      expectStatus(await revisions(w.campaign.id, s.id), 200),
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.decision).toMatchObject({
      status: 'failed',
      decided_by: { type: 'ops', id: null, label: 'the platform' },
    });
  });

  it("another brand's key, another campaign, an unknown submission: 404", async () => {
    const w = await world();
    const s = await send(w, { media_type: 'video', media_items: [video()] });
    const other = await ctx.ops.brandWithKey();
    expectError(await revisions(w.campaign.id, s.id, '', other.key.key), 404, 'not_found');
    const elsewhere = await world();
    expectError(await revisions(elsewhere.campaign.id, s.id), 404, 'not_found');
    expectError(
      await revisions(w.campaign.id, '00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    expectError(
      await revisions(w.campaign.id, s.id, '?starting_after=nope'),
      400,
      'invalid_request',
    );
  });
});
