import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#contract/audit';
import { CAMPAIGN_TRANSITIONS } from '#contract/campaign-rules';
import { createCampaign } from '../test/campaigns.ts';
import { fileContext } from '../test/harness.ts';
import { queryRows } from './client.ts';

// The audit trigger is SQL (0006_people.sql); what it writes is the contract's vocabulary
// (contract/audit.ts) and, for a campaign's status, the contract's state machine
// (contract/campaign-rules.ts). These tests read the trigger from the migrated database (PGlite
// here, PostgreSQL in CI) and hold it against both (docs/decisions/0110-rules-as-data-in-the-contract.md).

const ctx = await fileContext();

const functionSource = async () => {
  const [row] = await queryRows<{ src: string }>(
    ctx.db,
    sql`select prosrc as src from pg_proc where proname = 'cc_audit_row'`,
  );
  return row!.src;
};

/** Each audited table and the target type its trigger passes (the function's first argument). */
const auditedTables = async () => {
  const rows = await queryRows<{ tbl: string; def: string }>(
    ctx.db,
    sql`select tgrelid::regclass::text as tbl, pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'cc_audit_row' and not t.tgisinternal`,
  );
  return new Map(rows.map((r) => [r.tbl, /cc_audit_row\('([a-z_]+)'/.exec(r.def)![1]!]));
};

const vocabulary = (type: string): readonly string[] =>
  (AUDIT_ACTIONS as Record<string, readonly string[]>)[type] ?? [];

describe('the audit trigger against the contract', () => {
  it('audits exactly the target types the contract names', async () => {
    const types = [...new Set((await auditedTables()).values())].sort();
    expect(types).toEqual([...AUDIT_TARGET_TYPES].sort());
  });

  it('writes no action word the contract does not know', async () => {
    const src = await functionSource();
    const body = src.slice(src.indexOf('v_action :='), src.indexOf('v_target :='));
    const words = [...body.matchAll(/(?:THEN|ELSE|:=)\s+'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(words.length).toBeGreaterThan(10);
    const known = new Set(Object.values(AUDIT_ACTIONS).flat() as string[]);
    expect(words.filter((w) => !known.has(w))).toEqual([]);
  });

  it('names each new status of an audited row by a word the contract knows for its type', async () => {
    // Where the trigger falls back to the row's new status, every value of the status column is a
    // possible action, unless the function maps it to another word first.
    const src = await functionSource();
    const remapped = new Set(
      [...src.matchAll(/(?:WHEN|->> 'status' =)\s+'([a-z_]+)'\s+THEN/g)].map((m) => m[1]!),
    );
    // A post never goes back to live once taken down; nothing writes that.
    const neverSetAgain = new Set(['post.live']);
    const tables = await auditedTables();
    const statuses = await queryRows<{ tbl: string; value: string }>(
      ctx.db,
      sql`select c.relname as tbl, e.enumlabel as value
          from pg_attribute a
          join pg_class c on c.oid = a.attrelid
          join pg_enum e on e.enumtypid = a.atttypid
          where a.attname = 'status' and c.relname = any(string_to_array(${[...tables.keys()].join(',')}, ','))
          order by c.relname, e.enumsortorder`,
    );
    expect(statuses.length).toBeGreaterThan(10);
    const missing = statuses
      .map(({ tbl, value }) => ({ type: tables.get(tbl)!, value }))
      .filter(({ type, value }) => !remapped.has(value) && !neverSetAgain.has(`${type}.${value}`))
      .filter(({ type, value }) => !vocabulary(type).includes(value))
      .map(({ type, value }) => `${type}.${value}`);
    expect(missing).toEqual([]);
  });

  it('writes the audit action of the state machine for every campaign transition', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const written: string[] = [];
    for (const edge of CAMPAIGN_TRANSITIONS) {
      const campaign = await createCampaign(ctx, key.key);
      // Put in the edge's first status without an actor (no entry), then take the edge as one.
      await ctx.db.execute(
        sql`update campaigns set status = ${edge.from} where id = ${campaign.id}`,
      );
      const actions = await ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('cc.audit_actor', ${JSON.stringify({ type: 'ops', id: null, label: 'ops' })}, true)`,
        );
        await tx.execute(
          edge.to === null
            ? sql`delete from campaigns where id = ${campaign.id}`
            : // The detail the edge leaves, as the service writes it (a denial and a withdrawal
              // both go back to draft; the trigger tells them apart by it).
              sql`update campaigns set status = ${edge.to},
                    status_detail = ${edge.detail ? JSON.stringify({ kind: edge.detail, reason: 'x', occurred_at: new Date().toISOString() }) : null}::jsonb
                  where id = ${campaign.id}`,
        );
        const rows = await tx.execute(
          sql`select action from audit_events where target_id = ${campaign.id} order by occurred_at desc, id desc limit 1`,
        );
        return (rows as unknown as { rows: { action: string }[] }).rows;
      });
      written.push(`${edge.action} ${edge.from}: ${actions[0]?.action}`);
    }
    expect(written).toEqual(
      CAMPAIGN_TRANSITIONS.map((e) => `${e.action} ${e.from}: campaign.${e.audit}`),
    );
  });
});
