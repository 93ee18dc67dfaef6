import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditEventQuery } from '#contract/people';
import type { AuditActorType } from '../db/audit-context.ts';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';
import { isoTimestamp } from './sql.ts';
import type { AuthContext } from './tenancy.ts';

// The audit trail's reads (docs/api.md#people). Entries are written by the triggers of
// migration 0006 in the transaction of each change (see db/audit-context.ts), never here.

/** The entries a credential sees: those of its brands and, for an agency, of the agency. */
function visibleEntries(auth: AuthContext): SQL {
  const conditions: SQL[] = [];
  if (auth.brandIds.length > 0) conditions.push(inArray(auditEvents.brandId, [...auth.brandIds]));
  if (auth.kind === 'agency' && auth.agencyId)
    conditions.push(eq(auditEvents.agencyId, auth.agencyId));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

/**
 * What an entry's target is called now, for sentences ("approved @zoe.unboxes's submission"):
 * the creator's username for a submission, an applicant (creator), a post or a payout; the
 * campaign's name, the task's title, the code itself, the group's name, the member's name, the
 * key's name (or prefix), the invitation's address. Resolved when listing, one indexed lookup per
 * entry of the page; a target that is gone falls back to the name its own entry recorded, else
 * null (decision 0069).
 */
const targetLabel = (): SQL<string | null> => {
  const id = sql`${auditEvents.targetId}`;
  const recorded = (field: string) =>
    sql`coalesce(${auditEvents.changes} #>> ${sql.raw(`'{${field},1}'`)}, ${auditEvents.changes} #>> ${sql.raw(`'{${field},0}'`)})`;
  const username = (table: string) =>
    sql`(select cr.username from ${sql.raw(table)} t join creators cr on cr.id = t.creator_id where t.id = ${id}::uuid)`;
  return sql<string | null>`case ${auditEvents.targetType}
    when 'campaign' then coalesce((select name from campaigns where id = ${id}::uuid), ${recorded('name')})
    when 'task' then coalesce((select title from tasks where id = ${id}::uuid), ${recorded('title')})
    when 'submission' then ${username('submissions')}
    when 'post' then ${username('posts')}
    when 'payout' then ${username('payouts')}
    when 'creator' then (select username from creators where id = ${id})
    when 'code' then ${id}
    when 'code_group' then coalesce((select name from code_groups where id = ${id}::uuid), ${recorded('name')})
    when 'member' then coalesce((select name from members where id = ${id}::uuid), ${recorded('name')})
    when 'key' then (select coalesce(name, prefix) from api_keys where id = ${id}::uuid)
    when 'invitation' then (select email from invitations where id = ${id}::uuid)
    when 'session' then (select m.name from sessions s join members m on m.id = s.member_id where s.id = ${id}::uuid)
  end`;
};

export interface AuditFilter {
  query: Omit<AuditEventQuery, 'limit' | 'starting_after'>;
  /** (occurred_at, seq) of the previous page's last entry. */
  after?: { occurredAt: string; seq: number } | undefined;
  limit: number;
}

export async function listAuditEvents(db: Db, auth: AuthContext, filter: AuditFilter) {
  const q = filter.query;
  const rows = await db
    .select({
      id: auditEvents.id,
      seq: auditEvents.seq,
      occurredAt: isoTimestamp(auditEvents.occurredAt),
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorLabel: auditEvents.actorLabel,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      targetLabel: targetLabel(),
      campaignId: auditEvents.campaignId,
      brandId: auditEvents.brandId,
      changes: auditEvents.changes,
      requestId: auditEvents.requestId,
    })
    .from(auditEvents)
    .where(
      and(
        visibleEntries(auth),
        q.campaign_id ? eq(auditEvents.campaignId, q.campaign_id) : undefined,
        q.target_type ? eq(auditEvents.targetType, q.target_type) : undefined,
        q.target_id ? eq(auditEvents.targetId, q.target_id) : undefined,
        q.actor_id ? eq(auditEvents.actorId, q.actor_id) : undefined,
        q.action ? eq(auditEvents.action, q.action) : undefined,
        q.occurred_after ? gt(auditEvents.occurredAt, new Date(q.occurred_after)) : undefined,
        q.occurred_before ? lt(auditEvents.occurredAt, new Date(q.occurred_before)) : undefined,
        filter.after
          ? sql`(${auditEvents.occurredAt} < ${filter.after.occurredAt}::timestamptz or (${auditEvents.occurredAt} = ${filter.after.occurredAt}::timestamptz and ${auditEvents.seq} > ${filter.after.seq}))`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), asc(auditEvents.seq))
    .limit(filter.limit + 1);
  const data: AuditEvent[] = rows.slice(0, filter.limit).map((r) => ({
    id: r.id,
    occurred_at: r.occurredAt,
    actor: { type: r.actorType as AuditActorType, id: r.actorId, label: r.actorLabel },
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    target_label: r.targetLabel,
    campaign_id: r.campaignId,
    brand_id: r.brandId,
    changes: r.changes as Record<string, [unknown, unknown]>,
    request_id: r.requestId,
  }));
  const last = rows[Math.min(rows.length, filter.limit) - 1];
  return {
    data,
    hasMore: rows.length > filter.limit,
    /** The position after the page's last entry, for the next page's cursor. */
    next: last ? { occurredAt: last.occurredAt, seq: last.seq } : null,
  };
}
