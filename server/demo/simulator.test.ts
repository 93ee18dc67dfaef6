import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { queryRows, transaction } from '../db/client.ts';
import { reviewSubmission } from '../domain/submissions.ts';
import { fileContext } from '../test/harness.ts';
import { seedDemo } from '../services/demo.ts';
import { createSimulator } from './simulator.ts';
import { DEMO_SHOP_SENDER } from './codes.ts';
import { ALL_BRANDS } from '../domain/brand-scope.ts';

const ctx = await fileContext();
await seedDemo(ctx.db);

const totals = async () =>
  (
    await queryRows<{
      submissions: number;
      revised: number;
      posts: number;
      views: number;
      creators: number;
      uses: number;
      earnings: number;
      reports: number;
      ledger: number;
    }>(
      ctx.db,
      sql`select (select count(*)::int from submissions) as submissions,
        (select coalesce(sum(total_uses), 0)::float8 from discount_codes) as uses,
        (select coalesce(sum(earnings_cents), 0)::float8 from discount_codes) as earnings,
        (select count(*)::int from usage_reports where sender = ${DEMO_SHOP_SENDER} and channel = 'api' and outcome = 'applied') as reports,
        (select coalesce(sum(cents), 0)::float8 from earnings where source = 'code') as ledger,
        (select coalesce(sum(revision_count), 0)::int from submissions) as revised,
        (select count(*)::int from posts) as posts,
        (select coalesce(sum(views), 0)::float8 from posts) as views,
        (select count(*)::int from campaign_creators) as creators`,
    )
  )[0]!;

describe('the simulator', () => {
  it('applies, submits, revises, posts and grows metrics through the domain rules, without failing', async () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const simulator = createSimulator({
      db: ctx.db,
      logger: pino({ level: 'silent' }),
      mediaBase: 'http://127.0.0.1:8080',
      random,
      autoStart: false,
    });
    const before = await totals();
    // Reviews happen in the dashboard: approve and reject some of what arrives meanwhile.
    const steps: string[] = [];
    for (let i = 0; i < 40; i++) {
      steps.push(await simulator.tick());
      if (i % 5 === 0) {
        const waiting = await queryRows<{ id: string; campaign_id: string; items: number }>(
          ctx.db,
          sql`select id, campaign_id, jsonb_array_length(media_items)::int as items from submissions
            where status = 'in_review' order by (media_type = 'carousel') desc, submitted_at limit 2`,
        );
        for (const [j, s] of waiting.entries()) {
          // A rejection notes a slide of a carousel, or a moment of a video.
          const notes =
            s.items > 1 ? [{ text: 'Too dark.', item: 1 }] : [{ text: 'Label hidden.', at_s: 1 }];
          await transaction(ctx.db, (tx) =>
            reviewSubmission(tx, s.campaign_id, s.id, ALL_BRANDS, {
              to: j === 0 ? 'approved' : 'rejected',
              ...(j === 0 ? {} : { notes }),
              keyId: null,
            }),
          );
        }
        await ctx.db.execute(
          sql`update submissions set reviewed_at = reviewed_at - interval '1 minute' where status = 'rejected'`,
        );
      }
    }
    simulator.stop();
    expect(steps.filter((s) => s.includes('failed'))).toEqual([]);
    const after = await totals();
    expect(after.submissions).toBeGreaterThan(before.submissions);
    expect(after.creators).toBeGreaterThan(before.creators);
    expect(after.posts).toBeGreaterThan(before.posts);
    expect(after.views).toBeGreaterThan(before.views);
    expect(after.revised).toBeGreaterThan(before.revised);
    expect(after.uses).toBeGreaterThan(before.uses);
    expect(after.earnings).toBeGreaterThan(before.earnings);
    // The shoppers' uses are in the record (the Codes page's usage reports) and in the ledger.
    expect(after.reports).toBeGreaterThan(before.reports);
    expect(after.ledger - before.ledger).toBe(after.earnings - before.earnings);
    const [unreported] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from earnings where source = 'code' and usage_report_id is null`,
    );
    expect(unreported!.n).toBe(0);

    // Carousels of 2 to 6 slides; a revision of a carousel replaces the slides the notes named.
    const carousels = await queryRows<{ n: number }>(
      ctx.db,
      sql`select jsonb_array_length(media_items)::int as n from submissions where media_type = 'carousel'`,
    );
    expect(carousels.length).toBeGreaterThan(0);
    for (const c of carousels) expect(c.n >= 2 && c.n <= 6, String(c.n)).toBe(true);
    const answered = await queryRows<{
      before: { url: string }[];
      after: { url: string }[];
      notes: { item: number | null }[];
    }>(
      ctx.db,
      sql`select v0.media_items as before, v1.media_items as after, v0.notes
        from submission_versions v0
        join submission_versions v1 on v1.submission_id = v0.submission_id and v1.revision = v0.revision + 1
        join submissions s on s.id = v0.submission_id
        where s.media_type = 'carousel' and v0.decision_status = 'rejected' and jsonb_array_length(v0.notes) > 0`,
    );
    expect(answered.length).toBeGreaterThan(0);
    for (const r of answered) {
      const noted = new Set(r.notes.map((note) => note.item));
      expect(r.after).toHaveLength(r.before.length);
      r.before.forEach((item, k) =>
        expect(r.after[k]!.url === item.url, `slide ${k + 1}`).toBe(!noted.has(k)),
      );
    }
  });
});
