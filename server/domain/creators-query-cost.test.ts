import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Targeting } from '#contract/targeting';
import { queryRows, transaction } from '../db/client.ts';
import { expectStatus } from '../test/campaigns.ts';
import { brandWorld } from '../test/harness.ts';
import { sentWhile, type SentStatement } from '../test/statements.ts';
import { ALL_BRANDS } from './brand-scope.ts';
import { campaignCreatorList, getCampaignCreator } from './creators.ts';

// The creators list's planner estimate (docs/decisions/0120-creator-fit-expanded-once.md): the
// campaign's targeting is expanded once per query, not once per creator row, so the estimate stays
// far below PostgreSQL's default jit_above_cost (100,000) and does not grow with the number of
// campaigns. Checked with EXPLAIN of the very statements the domain sends, both as the custom plan
// of its values and as the generic plan a prepared statement falls back to (decision 0077).

const { ctx, brand, api } = await brandWorld();

/** PostgreSQL's default jit_above_cost: an estimate above it would buy a JIT compilation. */
const JIT_ABOVE_COST = 100_000;
const CAMPAIGNS = 50;
const CREATORS = 3_000;
/** Applicants of every other campaign (the measured one has every creator). */
const PER_OTHER_CAMPAIGN = 200;

const targeting = (i: number): Targeting => ({
  root_operator: i % 2 ? 'OR' : 'AND',
  groups: [
    {
      operator: 'AND',
      conditions: [
        { property: 'prop_country', operator: 'IN', values: ['c_us', 'c_gb', 'c_ca', 'c_au'] },
        { property: 'prop_followers', operator: 'IN', values: [`${1_000 * i}-500000`] },
      ],
    },
    {
      operator: 'OR',
      conditions: [
        { property: 'prop_niche', operator: 'IN', values: ['n_skincare', 'n_beauty'] },
        { property: 'prop_age', operator: 'NOT_IN', values: ['0-17'] },
        { property: 'prop_gender', operator: 'NOT_IN', values: ['g_male'] },
      ],
    },
  ],
});

/** CAMPAIGNS campaigns with targeting; CREATORS creators with properties applied in bulk SQL. */
async function world() {
  const ids: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    const res = await api('POST', '/campaigns', { name: `Fit cost ${i}`, targeting: targeting(i) });
    ids.push((expectStatus(res, 201) as { id: string }).id);
  }
  const tag = brand.brand.id.slice(-8);
  await ctx.db.execute(sql`insert into creators (id, username, properties)
    select 'cr_cost' || ${tag} || '_' || i, 'cost_' || ${tag} || '_' || i,
           jsonb_build_object(
             'prop_country', (array['c_us', 'c_gb', 'c_fr', 'c_de', 'c_in'])[1 + i % 5],
             'prop_followers', 500 * i,
             'prop_niche', (array['n_skincare', 'n_food', 'n_gaming'])[1 + i % 3],
             'prop_age', 15 + i % 40) || case when i % 7 = 0 then '{}'::jsonb
                                              else jsonb_build_object('prop_gender', 'g_female') end
    from generate_series(1, ${CREATORS}::int) i`);
  await ctx.db
    .execute(sql`insert into campaign_creators (campaign_id, creator_id, status, applied_at)
    select c.id, 'cr_cost' || ${tag} || '_' || i, 'applied', now() - i * interval '1 minute'
    from unnest(string_to_array(${ids.join(',')}, ',')::uuid[]) with ordinality as c(id, n)
    cross join generate_series(1, ${CREATORS}::int) i
    where c.n = 1 or i <= ${PER_OTHER_CAMPAIGN}`);
  await ctx.db.execute(sql`analyze`);
  return { measured: ids[0]!, creatorId: `cr_cost${tag}_${CREATORS}` };
}

/** A value as an SQL literal, for EXECUTE of a statement prepared in SQL. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The planner's total cost of `statement` with its values: the custom plan PostgreSQL makes for
 * them, or the generic plan a prepared statement may settle on after five executions.
 */
async function estimate(statement: SentStatement, plan: 'custom' | 'generic'): Promise<number> {
  const name = `creators_cost_${++explained}`;
  const [row] = await transaction(ctx.db, async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = force_${plan}_plan`));
    await tx.execute(sql.raw(`prepare ${name} as ${statement.text}`));
    const args = statement.values.map(literal).join(', ');
    const explain = `explain (format json) execute ${name}${args ? `(${args})` : ''}`;
    const rows = await queryRows<Record<string, unknown>>(tx, sql.raw(explain));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return rows;
  });
  const raw = Object.values(row!)[0];
  const plans = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: { 'Total Cost': number };
  }[];
  return plans[0]!.Plan['Total Cost'];
}
let explained = 0;

/** The one statement `read` sends, with the creator rows it answered. */
async function statementOf(read: () => Promise<unknown>): Promise<SentStatement> {
  const sent = await sentWhile(ctx.database, read);
  const lists = sent.filter((s) => s.text.includes('"campaign_creators"'));
  expect(lists, sent.map((s) => s.text).join('\n')).toHaveLength(1);
  return lists[0]!;
}

const { measured, creatorId } = await world();

describe('the creators list’s planner estimate', () => {
  const reads: [string, () => Promise<unknown>][] = [
    [
      'first page',
      () => campaignCreatorList.read(ctx.db, measured, { limit: 100 }).then(expectRows(100)),
    ],
    [
      'first page of those who fit',
      () =>
        campaignCreatorList.read(ctx.db, measured, { limit: 100, fits: true }).then(expectRows(1)),
    ],
    [
      'page of those who do not fit, after a cursor',
      () =>
        campaignCreatorList
          .read(ctx.db, measured, {
            limit: 100,
            fits: false,
            status: 'applied',
            after: { appliedAt: new Date().toISOString(), creatorId: 'cr_zzz' },
          })
          .then(expectRows(100)),
    ],
    [
      'one creator',
      async () => {
        const creator = await getCampaignCreator(ctx.db, measured, creatorId, ALL_BRANDS);
        expect(creator.creator_id).toBe(creatorId);
      },
    ],
  ];

  for (const [name, read] of reads) {
    it(`stays under jit_above_cost for the ${name}, custom and generic plans`, async () => {
      const statement = await statementOf(read);
      const custom = await estimate(statement, 'custom');
      const generic = await estimate(statement, 'generic');
      expect(custom).toBeLessThan(JIT_ABOVE_COST);
      expect(generic).toBeLessThan(JIT_ABOVE_COST);
    });
  }
});

/** Fails unless a page has at least `min` rows: the statement explained is one that answers. */
function expectRows(min: number) {
  return (page: { rows: unknown[] } | unknown) => {
    const rows = (page as { rows: unknown[] }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(min);
    return rows;
  };
}
