import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  unknownCodeRefusal,
  usagePay,
  usageRefusal,
  type CodeGroup,
  type CodeListQuery,
  type CodesAdd,
  type DiscountCode,
} from '#contract/codes';
import type { FieldIssue } from '#contract/issues';
import type { OpsCodeAssign, OpsCodeGroupCreate } from '#contract/ops';
import type { Db, Tx } from '../db/client.ts';
import { campaignCreators, campaigns, codeGroups, discountCodes, earnings } from '../db/schema.ts';
import {
  ApiError,
  fieldsRefused,
  invalidTransition,
  notFound,
  validationFailed,
} from '../errors.ts';
import { bumpTotals, findCreator } from './creators.ts';
import { noPage, readKeysetPage, timeThenId, type Keyset, type ListFilter } from './paging.ts';
import { inScope, isoTimestamp, nullableIsoTimestamp } from './sql.ts';
import { findBrand } from './tenancy.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

// Discount codes (docs/api.md#discount-codes): groups made on the platform side, codes added by the
// brand, usage reported as running totals that never go down. Each increase pays the assigned
// creator the group's commission per new use: the code's earnings_cents, the creator's spend_cents
// and the campaign's spent_cents move together in the transaction of the report. Codes are locked
// in code order, then participations, then campaigns, so concurrent reports queue instead of
// losing an increase or deadlocking.

// ---------------------------------------------------------------- groups

const groupSelection = {
  id: codeGroups.id,
  brandId: codeGroups.brandId,
  name: codeGroups.name,
  userDescription: codeGroups.userDescription,
  commissionCents: codeGroups.commissionCents,
  codesCount: codeGroups.codesCount,
  intakeToken: codeGroups.intakeToken,
  createdAt: isoTimestamp(codeGroups.createdAt),
};

const groupQuery = (db: Db) => db.select(groupSelection).from(codeGroups);
type GroupRow = Awaited<ReturnType<typeof groupQuery>>[number];

/** Where a group's reports are e-mailed: `usage+<token>@<domain>` (docs/usage-reports.md). */
/** The intake domain when INTAKE_DOMAIN is not set. */
export const DEFAULT_INTAKE_DOMAIN = 'intake.localhost';

export const intakeAddress = (token: string, domain: string) => `usage+${token}@${domain}`;

export const toCodeGroup = (row: GroupRow, intakeDomain: string): CodeGroup => ({
  id: row.id,
  brand_id: row.brandId,
  name: row.name,
  user_description: row.userDescription,
  commission_cents: row.commissionCents,
  codes_count: Number(row.codesCount),
  intake_address: intakeAddress(row.intakeToken, intakeDomain),
  created_at: row.createdAt,
});

/** POST /ops/code-groups: the brand must exist (422 naming brand_id). */
export async function createCodeGroup(
  tx: Tx,
  body: OpsCodeGroupCreate,
  intakeDomain: string = DEFAULT_INTAKE_DOMAIN,
): Promise<CodeGroup> {
  if (!(await findBrand(tx, body.brand_id)))
    throw validationFailed('brand_id', `unknown brand ${body.brand_id}`);
  const [row] = await tx
    .insert(codeGroups)
    .values({
      brandId: body.brand_id,
      name: body.name,
      userDescription: body.user_description,
      commissionCents: body.commission_cents,
    })
    .returning(groupSelection);
  if (!row) throw new Error('insert into code_groups returned no row');
  return toCodeGroup(row, intakeDomain);
}

export async function findCodeGroup(db: Db, id: string, scope: BrandScope) {
  if (scope !== ALL_BRANDS && scope.length === 0) return null;
  const [row] = await groupQuery(db).where(
    and(eq(codeGroups.id, id), inScope(codeGroups.brandId, scope)),
  );
  return row ?? null;
}

export interface GroupListFilter {
  brandIds: readonly string[];
  /** (created_at, id) of the previous page's last row. */
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
}

/** Newest created_at first, then id (descending). */
export const codeGroupKeyset = timeThenId('createdAt', 'id');

export async function listCodeGroups(db: Db, filter: GroupListFilter) {
  if (filter.brandIds.length === 0) return noPage<GroupRow>();
  return readKeysetPage(
    (where) => groupQuery(db).where(where),
    [inScope(codeGroups.brandId, filter.brandIds)],
    filter,
    {
      startAfter: (after) =>
        sql`(${codeGroups.createdAt}, ${codeGroups.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      order: [sql`${codeGroups.createdAt} desc nulls last, ${codeGroups.id} desc nulls last`],
    },
  );
}

// ---------------------------------------------------------------- codes

const codeSelection = {
  code: discountCodes.code,
  groupId: discountCodes.groupId,
  brandId: discountCodes.brandId,
  userDescription: discountCodes.userDescription,
  totalUses: discountCodes.totalUses,
  assignedCreatorId: discountCodes.assignedCreatorId,
  assignedCampaignId: discountCodes.assignedCampaignId,
  earningsCents: discountCodes.earningsCents,
  lastReportedAt: nullableIsoTimestamp(discountCodes.lastReportedAt),
  createdAt: isoTimestamp(discountCodes.createdAt),
};

const codeQuery = (db: Db) => db.select(codeSelection).from(discountCodes);
type CodeRow = Awaited<ReturnType<typeof codeQuery>>[number];

export const toDiscountCode = (row: CodeRow): DiscountCode => ({
  code: row.code,
  group_id: row.groupId,
  user_description: row.userDescription,
  total_uses: Number(row.totalUses),
  assigned_creator_id: row.assignedCreatorId,
  assigned_campaign_id: row.assignedCampaignId,
  earnings_cents: Number(row.earningsCents),
  last_reported_at: row.lastReportedAt,
  created_at: row.createdAt,
});

async function codeRows(
  db: Db,
  codes: readonly string[],
  scope: BrandScope,
): Promise<Map<string, CodeRow>> {
  if (codes.length === 0 || (scope !== ALL_BRANDS && scope.length === 0)) return new Map();
  const rows = await codeQuery(db).where(
    and(inArray(discountCodes.code, [...codes]), inScope(discountCodes.brandId, scope)),
  );
  return new Map(rows.map((r) => [r.code, r]));
}

/** GET /codes's filters within `brandIds`; after: the code of the previous page's last row. */
export type CodeListFilter = ListFilter<CodeListQuery, string> & { brandIds: readonly string[] };

/** Codes in code order (byte order, so it is the same on every database). */
export const codeKeyset: Keyset<CodeRow, string> = {
  shape: ['string'],
  positionOf: (row) => [row.code],
  after: ([code]) => String(code),
};

export async function listCodes(db: Db, filter: CodeListFilter) {
  if (filter.brandIds.length === 0) return noPage<CodeRow>();
  return readKeysetPage(
    (where) => codeQuery(db).where(where),
    [
      inScope(discountCodes.brandId, filter.brandIds),
      filter.group_id ? eq(discountCodes.groupId, filter.group_id) : undefined,
      filter.code ? inArray(discountCodes.code, [...filter.code]) : undefined,
      filter.assigned === true ? isNotNull(discountCodes.assignedCreatorId) : undefined,
      filter.assigned === false ? isNull(discountCodes.assignedCreatorId) : undefined,
    ],
    filter,
    {
      startAfter: (after) => sql`${discountCodes.code} collate "C" > ${after} collate "C"`,
      order: [sql`${discountCodes.code} collate "C"`],
    },
  );
}

export async function getCode(db: Db, code: string, scope: BrandScope): Promise<DiscountCode> {
  const row = (await codeRows(db, [code], scope)).get(code);
  if (!row) throw notFound('Code');
  return toDiscountCode(row);
}

/**
 * POST /codes: all or nothing. A code present anywhere (any brand) answers 409 code_exists naming
 * it, and nothing is added.
 */
export async function addCodes(tx: Tx, scope: BrandScope, body: CodesAdd): Promise<DiscountCode[]> {
  const group = await findCodeGroup(tx, body.group_id, scope);
  if (!group) throw notFound('Code group');
  const inserted = await tx
    .insert(discountCodes)
    .values(
      body.codes.map((code) => ({
        code,
        groupId: group.id,
        brandId: group.brandId,
        userDescription: body.user_description ?? group.userDescription,
      })),
    )
    .onConflictDoNothing({ target: discountCodes.code })
    .returning(codeSelection);
  if (inserted.length < body.codes.length) {
    const added = new Set(inserted.map((r) => r.code));
    const taken = body.codes.map((code, i) => ({ code, i })).filter((c) => !added.has(c.code));
    const issues = taken.map((c) => ({
      field: `codes[${c.i}]`,
      message: `"${c.code}" already exists`,
    }));
    const shown = issues.slice(0, 20).map((i) => `${i.field}: ${i.message}`);
    if (taken.length > shown.length) shown.push(`and ${taken.length - shown.length} more`);
    throw new ApiError(409, 'code_exists', `${shown.join('; ')}; nothing was added`, {}, issues);
  }
  await tx
    .update(codeGroups)
    .set({ codesCount: sql`${codeGroups.codesCount} + ${inserted.length}` })
    .where(eq(codeGroups.id, group.id));
  const byCode = new Map(inserted.map((r) => [r.code, r]));
  return body.codes.map((code) => toDiscountCode(byCode.get(code)!));
}

/** DELETE /codes/{code}: an assigned code answers 409 code_assigned. */
export async function deleteCode(tx: Tx, scope: BrandScope, code: string): Promise<void> {
  const [row] = await tx
    .select({
      groupId: discountCodes.groupId,
      assignedCreatorId: discountCodes.assignedCreatorId,
      assignedCampaignId: discountCodes.assignedCampaignId,
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), inScope(discountCodes.brandId, scope)))
    .for('update');
  if (!row) throw notFound('Code');
  if (row.assignedCreatorId !== null) {
    throw fieldsRefused(409, 'code_assigned', [
      {
        field: 'code',
        message: `"${code}" is assigned to creator ${row.assignedCreatorId} on campaign ${row.assignedCampaignId}; an assigned code cannot be deleted`,
      },
    ]);
  }
  await tx.delete(discountCodes).where(eq(discountCodes.code, code));
  await tx
    .update(codeGroups)
    .set({ codesCount: sql`${codeGroups.codesCount} - 1` })
    .where(eq(codeGroups.id, row.groupId));
}

/** POST /ops/codes/{code}/assign: to an approved creator of a campaign of the code's brand. */
export async function assignCode(tx: Tx, code: string, body: OpsCodeAssign): Promise<DiscountCode> {
  const [current] = await tx
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .for('update');
  if (!current) throw notFound('Code');
  const [campaign] = await tx
    .select({ brandId: campaigns.brandId })
    .from(campaigns)
    .where(eq(campaigns.id, body.campaign_id));
  if (!campaign) throw validationFailed('campaign_id', `unknown campaign ${body.campaign_id}`);
  if (campaign.brandId !== current.brandId) {
    throw validationFailed(
      'campaign_id',
      "the campaign belongs to another brand than the code's group",
    );
  }
  if (!(await findCreator(tx, body.creator_id)))
    throw validationFailed('creator_id', `unknown creator ${body.creator_id}`);
  if (current.assignedCreatorId !== null) {
    if (
      current.assignedCreatorId === body.creator_id &&
      current.assignedCampaignId === body.campaign_id
    ) {
      return getCode(tx, code, ALL_BRANDS);
    }
    throw fieldsRefused(409, 'code_assigned', [
      {
        field: 'code',
        message: `"${code}" is already assigned to creator ${current.assignedCreatorId} on campaign ${current.assignedCampaignId}`,
      },
    ]);
  }
  const [participation] = await tx
    .select({ status: campaignCreators.status })
    .from(campaignCreators)
    .where(
      and(
        eq(campaignCreators.campaignId, body.campaign_id),
        eq(campaignCreators.creatorId, body.creator_id),
      ),
    );
  if (participation?.status !== 'approved') {
    throw invalidTransition(
      'creator_id',
      `the creator is ${participation ? participation.status : 'not a participant'} on this campaign; codes go to approved creators`,
    );
  }
  await tx
    .update(discountCodes)
    .set({ assignedCampaignId: body.campaign_id, assignedCreatorId: body.creator_id })
    .where(eq(discountCodes.code, code));
  return getCode(tx, code, ALL_BRANDS);
}

// ---------------------------------------------------------------- usage

/**
 * One reported total; `where` names it in error messages (`usage[3]`, `line 4`, empty for
 * `PUT /codes/{code}`), `line` or `index` locates it in a recorded refusal.
 */
export interface UsageInput {
  code: string;
  totalUses: number;
  where: string;
  line?: number;
  index?: number;
}

export interface UsageResult {
  updated: number;
  data: DiscountCode[];
  /** New uses over every code. */
  usesAdded: number;
  /** Commission paid for them. */
  paidCents: number;
  /** The brands and groups of the reported codes. */
  brandIds: string[];
  groupIds: string[];
}

/** One problem of a refused report, where it is and which code it is about. */
export interface UsageProblem {
  line: number | null;
  index: number | null;
  code: string | null;
  message: string;
}

/** A refused report: the answer of PUT /codes, and every problem for the record. */
export class UsageRefused extends ApiError {
  constructor(
    status: 422,
    code: 'validation_failed' | 'usage_decrease',
    message: string,
    readonly problems: UsageProblem[],
    issues?: readonly FieldIssue[],
  ) {
    super(status, code, message, {}, issues);
  }
}

const problemAt = (e: UsageInput, message: string): UsageProblem => ({
  line: e.line ?? null,
  index: e.index ?? null,
  code: e.code,
  message,
});

/**
 * Applies usage totals, all or nothing: unknown codes answer 422 validation_failed, totals lower
 * than the stored ones 422 usage_decrease; every problem is listed (by `where`) and nothing
 * changes (thrown as UsageRefused). Each increase pays the assigned creator commission_cents per
 * new use. With `groupId`, only that group's codes count as known (an intake address).
 */
export async function reportUsage(
  tx: Tx,
  scope: BrandScope,
  entries: readonly UsageInput[],
  options: {
    fieldOfCode?: string;
    fieldOfTotal?: string;
    groupId?: string;
    /** The usage report being applied: its ledger rows name it (docs/decisions/0161). */
    reportId?: string;
  } = {},
): Promise<UsageResult> {
  const codes = [...new Set(entries.map((e) => e.code))].sort();
  const locked =
    scope !== ALL_BRANDS && scope.length === 0
      ? []
      : await tx
          .select({
            code: discountCodes.code,
            brandId: discountCodes.brandId,
            groupId: discountCodes.groupId,
            totalUses: discountCodes.totalUses,
            campaignId: discountCodes.assignedCampaignId,
            creatorId: discountCodes.assignedCreatorId,
            commissionCents: codeGroups.commissionCents,
          })
          .from(discountCodes)
          .innerJoin(codeGroups, eq(codeGroups.id, discountCodes.groupId))
          .where(
            and(
              inArray(discountCodes.code, codes),
              inScope(discountCodes.brandId, scope),
              options.groupId ? eq(discountCodes.groupId, options.groupId) : undefined,
            ),
          )
          .orderBy(sql`${discountCodes.code} collate "C"`)
          .for('update', { of: discountCodes });
  const byCode = new Map(locked.map((r) => [r.code, r]));

  const codeField = options.fieldOfCode ?? '.code';
  const totalField = options.fieldOfTotal ?? '.total_uses';
  const unknown: [FieldIssue, UsageProblem][] = [];
  const decreases: [FieldIssue, UsageProblem][] = [];
  for (const e of entries) {
    const row = byCode.get(e.code);
    const refusal = row ? usageRefusal(Number(row.totalUses), e.totalUses, e.code) : null;
    if (!row) {
      const message = unknownCodeRefusal(e.code, options.groupId !== undefined);
      unknown.push([{ field: `${e.where}${codeField}`, message }, problemAt(e, message)]);
    } else if (refusal) {
      decreases.push([
        { field: `${e.where}${totalField}`, message: refusal },
        problemAt(e, refusal),
      ]);
    }
  }
  if (unknown.length > 0 || decreases.length > 0) {
    const all = [...unknown, ...decreases];
    const problems = all
      .map(([, p]) => p)
      .sort((a, b) => (a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0));
    // Every row is named in `issues` (its field: `usage[3].code`, `line 4`, `code`), so a client
    // places each problem on its row without reading the message.
    const issues = all.map(([issue]) => issue);
    throw new UsageRefused(
      422,
      unknown.length > 0 ? 'validation_failed' : 'usage_decrease',
      issues.map((i) => `${i.field}: ${i.message}`).join('; '),
      problems,
      issues,
    );
  }

  // What each increase pays, per participation and per campaign.
  const pay = new Map<string, { campaignId: string; creatorId: string; cents: number }>();
  const ledger: (typeof earnings.$inferInsert)[] = [];
  const values: SQL[] = [];
  let updated = 0;
  let usesAdded = 0;
  let paidCents = 0;
  for (const e of entries) {
    const row = byCode.get(e.code)!;
    const delta = e.totalUses - Number(row.totalUses);
    const earned = usagePay({
      current: Number(row.totalUses),
      reported: e.totalUses,
      commissionCents: row.commissionCents,
      assigned: row.campaignId !== null && row.creatorId !== null,
    });
    if (delta > 0) {
      updated++;
      usesAdded += delta;
    }
    paidCents += earned;
    values.push(sql`(${e.code}::text, ${e.totalUses}::bigint, ${earned}::bigint)`);
    if (earned > 0) {
      ledger.push({
        brandId: row.brandId,
        campaignId: row.campaignId!,
        creatorId: row.creatorId!,
        source: 'code',
        code: e.code,
        usageReportId: options.reportId ?? null,
        uses: delta,
        cents: earned,
      });
      const key = `${row.campaignId}\n${row.creatorId}`;
      const p = pay.get(key) ?? {
        campaignId: row.campaignId!,
        creatorId: row.creatorId!,
        cents: 0,
      };
      p.cents += earned;
      pay.set(key, p);
    }
  }
  await tx.execute(sql`update discount_codes d set
      total_uses = v.total_uses, earnings_cents = d.earnings_cents + v.earned, last_reported_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(code, total_uses, earned)
    where d.code = v.code`);

  // The ledger of earnings, in the transaction of the payment (docs/decisions/0161).
  if (ledger.length > 0) await tx.insert(earnings).values(ledger);

  const perCampaign = new Map<string, number>();
  for (const p of [...pay.values()].sort((a, b) =>
    a.campaignId + a.creatorId < b.campaignId + b.creatorId ? -1 : 1,
  )) {
    await bumpTotals(tx, p.campaignId, p.creatorId, { spendCents: p.cents });
    perCampaign.set(p.campaignId, (perCampaign.get(p.campaignId) ?? 0) + p.cents);
  }
  for (const [campaignId, cents] of [...perCampaign].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(campaigns)
      .set({ spentCents: sql`${campaigns.spentCents} + ${cents}`, updatedAt: sql`now()` })
      .where(eq(campaigns.id, campaignId));
  }

  const after = await codeRows(tx, codes, ALL_BRANDS);
  return {
    updated,
    data: entries.map((e) => toDiscountCode(after.get(e.code)!)),
    usesAdded,
    paidCents,
    brandIds: [...new Set(locked.map((r) => r.brandId))].sort(),
    groupIds: [...new Set(locked.map((r) => r.groupId))].sort(),
  };
}
