import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditEventQuery } from '#contract/people';
import type { AuditActorType } from '../db/audit-context.ts';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';
import { isoTimestamp } from './sql.ts';
import type { AuthContext } from './tenancy.ts';

// The audit trail's reads (extensions section 11). Entries are written by the triggers of
// migration 0006 in the transaction of each change (see db/audit-context.ts), never here.

/** The entries a credential sees: those of its brands and, for an agency, of the agency. */
function visibleEntries(auth: AuthContext): SQL {
  const conditions: SQL[] = [];
  if (auth.brandIds.length > 0) conditions.push(inArray(auditEvents.brandId, [...auth.brandIds]));
  if (auth.kind === 'agency' && auth.agencyId)
    conditions.push(eq(auditEvents.agencyId, auth.agencyId));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

export interface AuditFilter {
  query: Omit<AuditEventQuery, 'limit' | 'starting_after'>;
  /** (occurred_at, id) of the previous page's last entry. */
  after?: { occurredAt: string; id: string } | undefined;
  limit: number;
}

export async function listAuditEvents(db: Db, auth: AuthContext, filter: AuditFilter) {
  const q = filter.query;
  const rows = await db
    .select({
      id: auditEvents.id,
      occurredAt: isoTimestamp(auditEvents.occurredAt),
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      actorLabel: auditEvents.actorLabel,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
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
          ? sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${filter.after.occurredAt}::timestamptz, ${filter.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(filter.limit + 1);
  const data: AuditEvent[] = rows.slice(0, filter.limit).map((r) => ({
    id: r.id,
    occurred_at: r.occurredAt,
    actor: { type: r.actorType as AuditActorType, id: r.actorId, label: r.actorLabel },
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    campaign_id: r.campaignId,
    brand_id: r.brandId,
    changes: r.changes as Record<string, [unknown, unknown]>,
    request_id: r.requestId,
  }));
  return { data, hasMore: rows.length > filter.limit };
}
