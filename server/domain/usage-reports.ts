import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parseUsageCsv, type UsageEntry } from '#contract/codes';
import { issuesMessage } from '#contract/issues';
import type {
  UsageReportChannel,
  UsageReportError,
  UsageReportFormat,
  UsageReportOutcome,
  UsageReportListQuery,
  UsageReportRecord,
} from '#contract/usage-reports';
import { savepoint, type Db, type Tx } from '../db/client.ts';
import { brands, codeGroups, discountCodes, usageReports } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import {
  findCodeGroup,
  intakeAddress,
  reportUsage,
  toCodeGroup,
  UsageRefused,
  type UsageInput,
  type UsageProblem,
  type UsageResult,
} from './codes.ts';
import { noPage, readKeysetPage, timeThenId, type ListFilter } from './paging.ts';
import { isoTimestamp } from './sql.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';
import type { AuthContext } from './tenancy.ts';

// Usage reports (docs/usage-reports.md). Every channel, PUT /codes with JSON or CSV, the
// dashboard's upload and e-mail to a group's intake address, goes through receiveUsageReport: in
// the caller's transaction, the report is applied inside a savepoint exactly like PUT /codes
// (all or nothing, payouts included); a refusal rolls the savepoint back and is recorded in the
// same transaction as the outcome would have been. An e-mail claims its Message-ID first (a
// unique index per group), so a message delivered twice, or to two instances at once, is applied
// once: the second waits on the index for the first to commit, then finds it taken.

export type UsageReportBody =
  | { kind: 'json'; usage: readonly UsageEntry[] }
  | { kind: 'csv'; text: string }
  /** Nothing to apply (an e-mail without a CSV attachment): refused for `reason`. */
  | { kind: 'none'; reason: string };

export interface UsageReportInput {
  channel: UsageReportChannel;
  format: UsageReportFormat;
  /**
   * Who sent it: an e-mail address; the signed-in member's name and e-mail, or the API key's name
   * and prefix (reportSender); the demo shop's system for the simulator and the seed.
   */
  sender: string;
  /** The brands the reporter acts for (the key's; the intake group's brand for e-mail). */
  scope: readonly string[];
  /** E-mail: the intake address's group; only its codes are known to the report. */
  groupId?: string;
  /** E-mail: the Message-ID (or a digest of the message), applied once per group. */
  messageId?: string;
  body: UsageReportBody;
}

/**
 * Who a report sent with a credential is by: the signed-in member ("Ava Morgan
 * <admin@glowlab.demo>"), else the key's name and prefix ("Shop sync (cck_AbCdEfGh)"), else the
 * prefix (docs/usage-reports.md).
 */
export function reportSender(auth: AuthContext): string {
  if (auth.member) return `${auth.member.name} <${auth.member.email}>`;
  if (auth.keyName) return `${auth.keyName} (${auth.prefix})`;
  return auth.prefix;
}

export type ReceivedUsageReport =
  | { duplicate: true }
  | {
      duplicate: false;
      record: UsageReportRecord;
      /** The applied report, as PUT /codes answers it. */
      applied: UsageResult | null;
      /** The refused report's answer to PUT /codes (422), thrown by the caller after commit. */
      refused: UsageRefused | null;
    };

const selection = {
  id: usageReports.id,
  groupId: usageReports.groupId,
  channel: usageReports.channel,
  format: usageReports.format,
  outcome: usageReports.outcome,
  rows: usageReports.rows,
  codesChanged: usageReports.codesChanged,
  usesAdded: usageReports.usesAdded,
  paidCents: usageReports.paidCents,
  errors: usageReports.errors,
  sender: usageReports.sender,
  receivedAt: isoTimestamp(usageReports.receivedAt),
};
const reportQuery = (db: Db) => db.select(selection).from(usageReports);
type Row = Awaited<ReturnType<typeof reportQuery>>[number];

export const toUsageReport = (row: Row): UsageReportRecord => ({
  id: row.id,
  group_id: row.groupId,
  channel: row.channel as UsageReportChannel,
  format: row.format as UsageReportFormat,
  outcome: row.outcome as UsageReportOutcome,
  rows: Number(row.rows),
  codes_changed: Number(row.codesChanged),
  uses_added: Number(row.usesAdded),
  paid_cents: Number(row.paidCents),
  errors: row.errors as UsageReportError[],
  sender: row.sender,
  received_at: row.receivedAt,
});

/** At most this many problems are kept with a refused report (the rest are counted). */
export const MAX_RECORDED_ERRORS = 1000;

function keepErrors(problems: readonly UsageProblem[]): UsageReportError[] {
  if (problems.length <= MAX_RECORDED_ERRORS) return [...problems];
  return [
    ...problems.slice(0, MAX_RECORDED_ERRORS - 1),
    {
      line: null,
      index: null,
      code: null,
      message: `and ${problems.length - MAX_RECORDED_ERRORS + 1} more problems`,
    },
  ];
}

/** The brands and the one group (if only one) of the codes a refused report names. */
async function whoseCodes(tx: Tx, codes: readonly string[], scope: readonly string[]) {
  if (codes.length === 0 || scope.length === 0) return { brandIds: [], groupIds: [] };
  const rows = await tx
    .selectDistinct({ brandId: discountCodes.brandId, groupId: discountCodes.groupId })
    .from(discountCodes)
    .where(
      and(inArray(discountCodes.code, [...codes]), inArray(discountCodes.brandId, [...scope])),
    );
  return {
    brandIds: [...new Set(rows.map((r) => r.brandId))].sort(),
    groupIds: [...new Set(rows.map((r) => r.groupId))].sort(),
  };
}

/** Applies or refuses one usage report and records it, in `tx` (one transaction). */
export async function receiveUsageReport(
  tx: Tx,
  input: UsageReportInput,
): Promise<ReceivedUsageReport> {
  let claimed: string | null = null;
  if (input.messageId !== undefined && input.groupId !== undefined) {
    const [row] = await tx
      .insert(usageReports)
      .values({
        brandIds: [...input.scope],
        groupId: input.groupId,
        channel: input.channel,
        format: input.format,
        outcome: 'refused',
        rows: 0,
        codesChanged: 0,
        sender: input.sender,
        messageId: input.messageId,
      })
      .onConflictDoNothing()
      .returning({ id: usageReports.id });
    if (!row) return { duplicate: true };
    claimed = row.id;
  }

  let entries: UsageInput[] = [];
  let rows = 0;
  let problems: UsageProblem[] = [];
  let refused: UsageRefused | null = null;
  const body = input.body;
  if (body.kind === 'none') {
    problems = [{ line: null, index: null, code: null, message: body.reason }];
    refused = new UsageRefused(422, 'validation_failed', body.reason, problems);
  } else if (body.kind === 'json') {
    rows = body.usage.length;
    entries = body.usage.map((u, i) => ({
      code: u.code,
      totalUses: u.total_uses,
      where: `usage[${i}]`,
      index: i,
    }));
  } else {
    const parsed = parseUsageCsv(body.text);
    rows = parsed.dataRows;
    if (parsed.errors.length > 0) {
      problems = parsed.errors.map((e) => ({
        line: e.line,
        index: null,
        code: /^code "([^"]*)"/.exec(e.message)?.[1] ?? null,
        message: e.message,
      }));
      // Each problem named by its line (and column, when it is one column's) in `issues`.
      const issues = parsed.errors.map((e) => ({
        field: e.column === undefined ? `line ${e.line}` : `line ${e.line} (${e.column})`,
        message: e.message,
      }));
      refused = new UsageRefused(422, 'validation_failed', issuesMessage(issues), problems, issues);
    } else {
      entries = parsed.rows.map((r) => ({
        code: r.code,
        totalUses: r.total_uses,
        where: `line ${r.line}`,
        line: r.line,
      }));
    }
  }

  // The record's id is chosen first, so the ledger rows the report writes name it.
  const reportId = claimed ?? randomUUID();
  let applied: UsageResult | null = null;
  if (!refused) {
    try {
      // A savepoint: a refusal rolls back only the application, never the record of it.
      applied = await savepoint(tx, (sp) =>
        reportUsage(sp, input.scope, entries, {
          ...(input.format === 'csv' ? { fieldOfCode: '', fieldOfTotal: '' } : {}),
          ...(input.groupId ? { groupId: input.groupId } : {}),
          reportId,
        }),
      );
    } catch (err) {
      if (!(err instanceof UsageRefused)) throw err;
      refused = err;
      problems = err.problems;
    }
  }

  const named =
    applied ?? (await whoseCodes(tx, [...new Set(entries.map((e) => e.code))], input.scope));
  const brandIds =
    input.groupId !== undefined || named.brandIds.length === 0 ? [...input.scope] : named.brandIds;
  const groupId = input.groupId ?? (named.groupIds.length === 1 ? named.groupIds[0]! : null);
  const values = {
    brandIds,
    groupId,
    channel: input.channel,
    format: input.format,
    outcome: applied ? ('applied' as const) : ('refused' as const),
    rows,
    codesChanged: applied?.updated ?? 0,
    usesAdded: applied?.usesAdded ?? 0,
    paidCents: applied?.paidCents ?? 0,
    errors: keepErrors(problems),
    sender: input.sender,
  };
  const [row] = claimed
    ? await tx
        .update(usageReports)
        .set(values)
        .where(eq(usageReports.id, claimed))
        .returning(selection)
    : await tx
        .insert(usageReports)
        .values({ ...values, id: reportId })
        .returning(selection);
  if (!row) throw new Error('recording a usage report returned no row');
  return { duplicate: false, record: toUsageReport(row), applied, refused };
}

/** GET /usage-reports's filters within `brandIds`; after: (received_at, id) of the previous page's last row. */
export type UsageReportFilter = ListFilter<
  UsageReportListQuery,
  { receivedAt: string; id: string }
> & {
  brandIds: readonly string[];
};

const uuidArray = (ids: readonly string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

/** Newest received_at first, then id (descending). */
export const usageReportKeyset = timeThenId('receivedAt', 'id');

export async function listUsageReports(db: Db, filter: UsageReportFilter) {
  if (filter.brandIds.length === 0) return noPage<Row>();
  return readKeysetPage(
    (where) => reportQuery(db).where(where),
    [
      sql`${usageReports.brandIds} && ${uuidArray(filter.brandIds)}`,
      filter.group_id ? eq(usageReports.groupId, filter.group_id) : undefined,
      filter.channel ? eq(usageReports.channel, filter.channel) : undefined,
      filter.outcome ? eq(usageReports.outcome, filter.outcome) : undefined,
    ],
    filter,
    {
      startAfter: (after) =>
        sql`(${usageReports.receivedAt}, ${usageReports.id}) < (${after.receivedAt}::timestamptz, ${after.id}::uuid)`,
      order: [sql`${usageReports.receivedAt} desc nulls last, ${usageReports.id} desc nulls last`],
    },
  );
}

/** 128 bits from the operating system's cryptographic source, as 32 lowercase hex characters. */
export const newIntakeToken = () => randomBytes(16).toString('hex');

/** POST /code-groups/{id}/rotate-intake: a new token; the old address stops working at once. */
export async function rotateIntake(
  tx: Tx,
  scope: BrandScope,
  groupId: string,
  intakeDomain: string,
) {
  const group = await findCodeGroup(tx, groupId, scope);
  if (!group) throw notFound('Code group');
  await tx
    .update(codeGroups)
    .set({ intakeToken: newIntakeToken() })
    .where(eq(codeGroups.id, group.id));
  const after = await findCodeGroup(tx, group.id, ALL_BRANDS);
  return toCodeGroup(after!, intakeDomain);
}

/** The group an intake token belongs to, or null (the SMTP intake answers 550). */
export async function findIntakeGroup(db: Db, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const [row] = await db
    .select({ id: codeGroups.id, brandId: codeGroups.brandId, name: codeGroups.name })
    .from(codeGroups)
    .where(eq(codeGroups.intakeToken, token));
  return row ?? null;
}

/** Every group's intake address with its brand, for the boot banner of the demo. */
export async function listIntakeAddresses(db: Db, intakeDomain: string, limit = 20) {
  const rows = await db
    .select({ brand: brands.name, group: codeGroups.name, token: codeGroups.intakeToken })
    .from(codeGroups)
    .innerJoin(brands, eq(brands.id, codeGroups.brandId))
    .orderBy(brands.name, codeGroups.name)
    .limit(limit);
  return rows.map((r) => ({
    brand: r.brand,
    group: r.group,
    address: intakeAddress(r.token, intakeDomain),
  }));
}
