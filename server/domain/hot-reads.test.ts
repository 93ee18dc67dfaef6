import { describe, expect, it } from 'vitest';
import { transaction } from '../db/client.ts';
import { brandWorld } from '../test/harness.ts';
import { getCampaign, getCampaignRow, toCampaign } from './campaigns.ts';
import { ApiKeyCache } from './key-cache.ts';
import { submissionList } from './submissions.ts';
import { loadTasks } from './task-rows.ts';
import { activeWorld, submit } from '../test/activity.ts';
import { sentWhile as sentOn } from '../test/statements.ts';

// The hottest reads (decision 0077): GET /campaigns/{id} answers a campaign with its tasks from one
// statement (the tasks as JSON built by the database, what toTask makes of their rows); reads
// outside a transaction are prepared, named on PostgreSQL; list pages are prepared per shape.

// Only the reads' statements are counted: the brand key is looked up again once its 2 seconds in
// the key cache are over (domain/key-cache.ts), which a busy machine reaches between two requests,
// so this file's app keeps it for the whole file.
const { ctx, brand, api } = await brandWorld({
  deps: { apiKeyCache: new ApiKeyCache({ ttlMs: 60 * 60_000 }) },
});
const scope = [brand.brand.id];

/** The statements the database driver receives while `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  return (await sentWhile(fn)).map((s) => s.text);
}

/** The statements the database driver receives while `fn` runs, with their names if named. */
const sentWhile = (fn: () => Promise<unknown>) => sentOn(ctx.database, fn);

describe('one campaign with its tasks', () => {
  it('is read in one statement, with the tasks toTask makes of their rows, in order', async () => {
    const created = await api('POST', '/campaigns', {
      name: 'Tasks as JSON',
      tasks: [
        { title: 'Late', instructions: 'Third.', platforms: ['tiktok'], display_order: 3 },
        {
          title: 'First',
          instructions: 'With everything set.',
          platforms: ['tiktok', 'instagram'],
          formats: ['feed_video', 'story_video'],
          caption: 'My routine #ad',
          require_ad_disclosure: true,
          tiktok_sound_url: 'https://www.tiktok.com/music/x-1',
          video_examples: ['https://videos.example.com/a.mp4', 'https://videos.example.com/b.mp4'],
          image_url: 'https://cdn.example.com/t.jpg',
          max_posts_per_creator: 2,
          display_order: 1,
        },
        {
          title: 'Tie b',
          instructions: 'Second, same order.',
          platforms: ['instagram'],
          display_order: 2,
        },
        { title: 'Tie a', instructions: 'Second too.', platforms: ['youtube'], display_order: 2 },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const late = (created.json.tasks as { id: string; title: string }[]).find(
      (t) => t.title === 'Late',
    )!;
    expect((await api('POST', `/campaigns/${id}/tasks/${late.id}/archive`)).status).toBe(200);

    let campaign: Awaited<ReturnType<typeof getCampaign>> | undefined;
    const statements = await statementsOf(async () => {
      campaign = await getCampaign(ctx.db, id, scope);
    });
    expect(statements).toHaveLength(1);

    const rows = toCampaign(await getCampaignRow(ctx.db, id, scope), await loadTasks(ctx.db, id));
    expect(campaign).toStrictEqual(rows);
    expect(JSON.stringify(campaign)).toBe(JSON.stringify(rows));
    // Inside a transaction the query is built as usual (a prepared one would run on the pool).
    const inTransaction = await transaction(ctx.db, (tx) => getCampaign(tx, id, scope));
    expect(JSON.stringify(inTransaction)).toBe(JSON.stringify(rows));
    // The two of display_order 2 were created in one transaction (one created_at): ids decide.
    const titles = campaign!.tasks.map((t) => t.title);
    expect([titles[0], [...titles.slice(1, 3)].sort(), titles[3]]).toEqual([
      'First',
      ['Tie a', 'Tie b'],
      'Late',
    ]);
    expect(campaign!.tasks.at(-1)!.status).toBe('archived');
  });

  it('answers no tasks as an empty list, and 404 outside the scope', async () => {
    const created = await api('POST', '/campaigns', { name: 'No tasks yet' });
    expect(created.status).toBe(201);
    const campaign = await getCampaign(ctx.db, created.json.id, scope);
    expect(campaign.tasks).toEqual([]);
    const other = await ctx.ops.createBrand();
    await expect(getCampaign(ctx.db, created.json.id, [other.id])).rejects.toMatchObject({
      status: 404,
    });
    await expect(getCampaign(ctx.db, created.json.id, [])).rejects.toMatchObject({ status: 404 });
  });
});

describe('the hottest reads on PostgreSQL', () => {
  it('are named statements, planned once per connection; PGlite has none', async () => {
    const created = await api('POST', '/campaigns', { name: 'Named reads' });
    const id = created.json.id as string;
    // The first list of the process reads (or makes) the cursors' signing secret: not measured.
    expect((await api('GET', '/campaigns?limit=5')).status).toBe(200);
    const sent = await sentWhile(async () => {
      expect((await api('GET', `/campaigns/${id}`)).status).toBe(200);
      expect((await api('GET', '/campaigns?limit=5')).status).toBe(200);
      expect((await api('GET', `/campaigns/${id}/metrics`)).status).toBe(200);
    });
    expect(sent).toHaveLength(3);
    const names = sent.map((s) => s.name);
    if (ctx.database.driver === 'postgres') {
      expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
      expect(new Set(names).size).toBe(3);
      // The same read again: the same name (the statement PostgreSQL has prepared).
      const again = await sentWhile(() => api('GET', `/campaigns/${id}/metrics`));
      expect(again.map((s) => s.name)).toEqual([names[2]]);
    } else {
      expect(names).toEqual([undefined, undefined, undefined]);
    }
    // Inside a transaction, no prepared statement: it would run on another connection.
    const inTransaction = await sentWhile(() =>
      transaction(ctx.db, (tx) => getCampaign(tx, id, scope)),
    );
    expect(inTransaction.every((s) => s.name === undefined)).toBe(true);
  });
});

describe('list pages', () => {
  it('are read with a query prepared once per shape of their filters, as built ones read them', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 3);
    for (const creator of creators) await submit(ctx, campaign.id, creator.id, taskId);
    const read = (db: typeof ctx.db, status: 'in_review' | 'approved', after?: unknown) =>
      submissionList.read(db, campaign.id, {
        status: [status],
        limit: 2,
        ...(after ? { after: after as never } : {}),
      });
    const built = (status: 'in_review' | 'approved', after?: unknown) =>
      transaction(ctx.db, (tx) => read(tx, status, after));

    let first: Awaited<ReturnType<typeof read>> | undefined;
    const sent = await sentWhile(async () => {
      first = await read(ctx.db, 'in_review');
    });
    expect(first).toStrictEqual(await built('in_review'));
    expect(first!.rows).toHaveLength(2);
    expect(first!.hasMore).toBe(true);
    // The next page (after the cursor's row): another shape, the same rows as built.
    const last = submissionList.keyset.positionOf(first!.rows[1]!)!;
    const next = await read(ctx.db, 'in_review', submissionList.keyset.after(last));
    expect(next).toStrictEqual(await built('in_review', submissionList.keyset.after(last)));
    expect(next.rows).toHaveLength(1);
    expect(next.hasMore).toBe(false);
    expect(new Set([...first!.rows, ...next.rows].map((r) => r.id)).size).toBe(3);

    // Other values of the same shape: the same statement (on PostgreSQL, the same name).
    const again = await sentWhile(() => read(ctx.db, 'approved'));
    expect(await read(ctx.db, 'approved')).toStrictEqual(await built('approved'));
    expect(again.map((s) => s.text)).toEqual(sent.map((s) => s.text));
    if (ctx.database.driver === 'postgres') {
      expect(sent[0]!.name).toMatch(/^list_/);
      expect(again[0]!.name).toBe(sent[0]!.name);
    }
    const inTransaction = await sentWhile(() => built('in_review'));
    expect(inTransaction.every((s) => s.name === undefined)).toBe(true);
  });
});
