import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  DEFAULT_VISIBILITY,
  type Campaign,
  type CampaignSummary,
  type CampaignCreate,
  type CampaignDeleted,
  type CampaignUpdate,
} from '#contract/campaigns';
import type { CampaignSort, CampaignStatus } from '#contract/enums';
import type { Task } from '#contract/tasks';
import { prepared, queryStatement, type Db, type Tx, type Statement } from '../db/client.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import { brands, campaigns, publishReviews, tasks, type StoredTargeting } from '../db/schema.ts';
import { notFound, validationFailed } from '../errors.ts';
import {
  assertPublishable,
  assertTransition,
  derivedIsRequired,
  displayOrders,
  generateInviteCode,
  isRequiredForNewTask,
  mergeSettings,
  newLinks,
  normalizeProduct,
  planCampaignUpdate,
  stateAfter,
  type CampaignAction,
} from './campaign-rules.ts';
import { noPage, pageOf, rowsForPage, type Keyset, type Page } from './paging.ts';
import {
  foldedText,
  inScope,
  isoTimestamp,
  isoTimestampText,
  nullableIsoTimestamp,
} from './sql.ts';
import { loadTasks, tasksJson, taskValues } from './task-rows.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

// Campaigns in the database: reading (one shape for every answer), creating, listing, updating
// and moving them through their statuses. Callers pass a transaction for every write.

/**
 * The creators waiting for a decision on the campaign of table `t` (docs/api.md#campaign-list):
 * its running total in campaign_totals (migration 0019), one row read by primary key; 0 before
 * anyone applied.
 */
function creatorsWaitingOf(t: string): string {
  return `coalesce((select f.creators_waiting from campaign_totals f where f.campaign_id = ${t}.id), 0)`;
}

const campaignSelection = {
  ...getTableColumns(campaigns),
  publishRequestedAt: nullableIsoTimestamp(campaigns.publishRequestedAt),
  createdAt: isoTimestamp(campaigns.createdAt),
  updatedAt: isoTimestamp(campaigns.updatedAt),
  brandName: brands.name,
  creatorsWaiting: sql<number>`${sql.raw(creatorsWaitingOf('"campaigns"'))}`.mapWith(Number),
};

export type CampaignRow = Omit<
  typeof campaigns.$inferSelect,
  'createdAt' | 'updatedAt' | 'publishRequestedAt'
> & {
  publishRequestedAt: string | null;
  createdAt: string;
  updatedAt: string;
  brandName: string;
  creatorsWaiting: number;
};

// jsonb keeps its own key order; answers list keys in the contract's order.
const shapeTargeting = (t: StoredTargeting | null): Campaign['targeting'] =>
  t && {
    root_operator: t.root_operator,
    groups: t.groups.map((g) => ({
      ...(g.name !== undefined ? { name: g.name } : {}),
      operator: g.operator,
      conditions: g.conditions.map((c) => ({
        property: c.property,
        operator: c.operator,
        values: c.values,
      })),
    })),
  };

/** A campaign as lists answer it (`CampaignSummary`): everything but its tasks. */
export function toCampaignSummary(row: CampaignRow): CampaignSummary {
  const { statusDetail: d, product: p, settings: s } = row;
  return {
    id: row.id,
    name: row.name,
    brand_id: row.brandId,
    brand_name: row.brandName,
    status: row.status,
    status_detail: d ? { kind: d.kind, reason: d.reason, occurred_at: d.occurred_at } : null,
    publish_requested_at: row.publishRequestedAt,
    visibility: row.visibility,
    invite_code: row.inviteCode,
    description: row.description,
    instructions: row.instructions,
    icon_url: row.iconUrl,
    brief_url: row.briefUrl,
    video_examples: row.videoExamples,
    links: row.links.map((l) => ({
      id: l.id,
      url: l.url,
      service: l.service,
      description: l.description,
      affiliate_code: l.affiliate_code,
    })),
    targeting: shapeTargeting(row.targeting),
    product: { name: p.name, url: p.url, image_url: p.image_url },
    spent_cents: row.spentCents,
    accepting_submissions: row.acceptingSubmissions,
    content_deadline_date: row.contentDeadlineDate,
    post_deadline_date: row.postDeadlineDate,
    settings: {
      creator_approval_required: s.creator_approval_required,
      brand_approval_required: s.brand_approval_required,
      post_approval_mode: s.post_approval_mode,
      completion_mode: s.completion_mode,
    },
    tasks_count: row.tasksCount,
    creators_waiting: row.creatorsWaiting,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A single campaign, as every operation on one campaign answers it: with its tasks. */
export function toCampaign(row: CampaignRow, taskList: Task[]): Campaign {
  return { ...toCampaignSummary(row), tasks: taskList };
}

/**
 * The campaign with this id if the scope may see it, else null. `forUpdate` locks its row until
 * the transaction ends, so status changes and task writes of one campaign take turns.
 */
export async function findCampaignRow(
  db: Db,
  id: string,
  scope: BrandScope,
  options: { forUpdate?: boolean } = {},
): Promise<CampaignRow | null> {
  if (scope !== ALL_BRANDS && scope.length === 0) return null;
  if (!options.forUpdate && scope !== ALL_BRANDS) {
    const ready = prepared(db, campaignRowQuery);
    if (ready) return (await ready.execute({ id, scope: [...scope] }))[0] ?? null;
  }
  const query = db
    .select(campaignSelection)
    .from(campaigns)
    .innerJoin(brands, ofItsBrand)
    .where(theCampaign(id, scope));
  const [row] = options.forUpdate ? await query.for('update', { of: campaigns }) : await query;
  return row ?? null;
}

/** A campaign joins its brand (for the brand's name). */
const ofItsBrand = eq(brands.id, campaigns.brandId);

/** The campaign `id`, if `scope` may see it. */
const theCampaign = (id: string, scope: BrandScope) =>
  and(eq(campaigns.id, id), inScope(campaigns.brandId, scope));

/** theCampaign with placeholders: `id`, and `scope` (the brands' ids). */
const theCampaignPrepared = and(
  eq(campaigns.id, sql.placeholder('id')),
  sql`${campaigns.brandId} = any(${sql.placeholder('scope')}::uuid[])`,
);

const campaignRowQuery = (db: Db) =>
  db
    .select(campaignSelection)
    .from(campaigns)
    .innerJoin(brands, ofItsBrand)
    .where(theCampaignPrepared)
    .prepare('campaign_row');

const campaignWithTasksQuery = (db: Db) =>
  db
    .select({ ...campaignSelection, tasks: tasksJson(campaigns.id) })
    .from(campaigns)
    .innerJoin(brands, ofItsBrand)
    .where(theCampaignPrepared)
    .prepare('campaign_with_tasks');

/** Like findCampaignRow, but 404 `not_found` when missing or not visible. */
export async function getCampaignRow(
  db: Db,
  id: string,
  scope: BrandScope,
  options: { forUpdate?: boolean } = {},
) {
  const row = await findCampaignRow(db, id, scope, options);
  if (!row) throw notFound('Campaign');
  return row;
}

/**
 * One item (a creator, a submission) of a campaign the scope may see, as answers show it: 404
 * `Campaign` when the campaign is missing or not visible, else 404 `name` when `row` finds none.
 */
export async function getCampaignItem<Row, T>(
  db: Db,
  campaignId: string,
  scope: BrandScope,
  item: { name: string; row(): Promise<Row | null>; show(row: Row): T },
): Promise<T> {
  await getCampaignRow(db, campaignId, scope);
  const row = await item.row();
  if (!row) throw notFound(item.name);
  return item.show(row);
}

/** One campaign with its tasks. */
export async function getCampaign(db: Db, id: string, scope: BrandScope): Promise<Campaign> {
  // One statement: the tasks come as JSON beside the campaign's row (decision 0077).
  const ready = scope === ALL_BRANDS ? null : prepared(db, campaignWithTasksQuery);
  const [row] =
    scope !== ALL_BRANDS && scope.length === 0
      ? []
      : ready && scope !== ALL_BRANDS
        ? await ready.execute({ id, scope: [...scope] })
        : await db
            .select({ ...campaignSelection, tasks: tasksJson(campaigns.id) })
            .from(campaigns)
            .innerJoin(brands, ofItsBrand)
            .where(theCampaign(id, scope));
  if (!row) throw notFound('Campaign');
  const { tasks: taskList, ...campaign } = row;
  return toCampaign(campaign, taskList);
}

// ---------------------------------------------------------------- create

export interface NewCampaign {
  brandId: string;
  body: Omit<CampaignCreate, 'brand_id'>;
  /** Makes a campaign of the weekly-video-cap kind (/ops only). */
  weeklyVideoCap?: number | undefined;
}

/** A unique violation of the invite code (two campaigns claiming one code at once) as a 422. */
export function inviteCodeTaken(err: unknown): unknown {
  if (isUniqueViolation(err) && violatedConstraint(err) === 'campaigns_invite_code_unique') {
    return validationFailed('invite_code', 'is already used by another campaign');
  }
  return err;
}

async function assertInviteCodeFree(db: Db, code: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.inviteCode, code),
        exceptId ? sql`${campaigns.id} <> ${exceptId}` : undefined,
      ),
    );
  if (taken) throw validationFailed('invite_code', 'is already used by another campaign');
}

/** Creates a draft with its tasks; answers it as GET would. Run it in a transaction. */
export async function createCampaign(tx: Tx, input: NewCampaign): Promise<Campaign> {
  return getCampaign(tx, await insertCampaign(tx, input), ALL_BRANDS);
}

/** Creates a draft with its tasks and answers its id (the demo world needs no more). */
export async function insertCampaign(tx: Tx, input: NewCampaign): Promise<string> {
  const { body } = input;
  const settings = mergeSettings(CAMPAIGN_SETTINGS_DEFAULTS, body.settings);
  const visibility = body.visibility ?? DEFAULT_VISIBILITY;
  const inviteCode = visibility === 'unlisted' ? (body.invite_code ?? generateInviteCode()) : null;
  if (body.invite_code) await assertInviteCodeFree(tx, body.invite_code);

  const taskInputs = body.tasks ?? [];
  const required = taskInputs.map((t, i) =>
    isRequiredForNewTask(settings.completion_mode, t.is_required, `tasks[${i}].is_required`),
  );
  if (input.weeklyVideoCap !== undefined) {
    const i = taskInputs.findIndex((t) => t.max_posts_per_creator != null);
    if (i >= 0) {
      throw validationFailed(
        `tasks[${i}].max_posts_per_creator`,
        'must be null for a campaign of the weekly-video-cap kind (it caps videos per week)',
      );
    }
  }
  const orders = displayOrders(
    null,
    taskInputs.map((t) => t.display_order),
  );

  const [created] = await tx
    .insert(campaigns)
    .values({
      brandId: input.brandId,
      name: body.name,
      visibility,
      inviteCode,
      description: body.description ?? null,
      instructions: body.instructions ?? null,
      iconUrl: body.icon_url ?? null,
      briefUrl: body.brief_url ?? null,
      videoExamples: body.video_examples ?? [],
      links: newLinks(body.links ?? [], randomUUID),
      targeting: (body.targeting ?? null) as StoredTargeting | null,
      product: body.product
        ? normalizeProduct(body.product)
        : { name: body.name, url: null, image_url: null },
      settings,
      contentDeadlineDate: body.content_deadline_date ?? null,
      postDeadlineDate: body.post_deadline_date ?? null,
      weeklyVideoCap: input.weeklyVideoCap ?? null,
      tasksCount: taskInputs.length,
    })
    .returning({ id: campaigns.id });
  if (!created) throw new Error('insert into campaigns returned no row');
  if (taskInputs.length > 0) {
    await tx.insert(tasks).values(
      taskInputs.map((t, i) =>
        taskValues(t, {
          campaignId: created.id,
          isRequired: required[i]!,
          displayOrder: orders[i]!,
        }),
      ),
    );
  }
  return created.id;
}

// ---------------------------------------------------------------- list

export interface CampaignListFilter {
  scope: readonly string[];
  statuses?: readonly CampaignStatus[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  /** Names containing this text, without regard to case. */
  search?: string | undefined;
  /** The list's order; newest first when not given. */
  sort?: CampaignSort | undefined;
  /** The sort value and id of the previous page's last row (see campaignKeyset). */
  after?: CampaignListAfter | undefined;
  /** Only these campaigns (the query's repeated `id`). */
  ids?: readonly string[] | undefined;
  limit: number;
}

/** Where a page of campaigns starts: after the row with this sort value, then this id. */
export type CampaignListAfter = { key: string | number; id: string };

/**
 * Each order of the list (docs/api.md#campaign-list): the SQL of its sort value for a row of
 * table `t`, the cast of a cursor's value, the direction (ties by id in the same direction), and
 * the value of a row as a cursor holds it. A campaign without a content deadline sorts as
 * 'infinity', after every date.
 */
const CAMPAIGN_ORDERS: Record<
  CampaignSort,
  {
    key: (t: string) => string;
    cast: string;
    desc: boolean;
    valueOf: (row: CampaignRow) => string | number;
  }
> = {
  newest: {
    key: (t) => `${t}.created_at`,
    cast: 'timestamptz',
    desc: true,
    valueOf: (r) => r.createdAt,
  },
  oldest: {
    key: (t) => `${t}.created_at`,
    cast: 'timestamptz',
    desc: false,
    valueOf: (r) => r.createdAt,
  },
  name: { key: (t) => foldedText(`${t}.name`), cast: 'text', desc: false, valueOf: (r) => r.name },
  name_desc: {
    key: (t) => foldedText(`${t}.name`),
    cast: 'text',
    desc: true,
    valueOf: (r) => r.name,
  },
  spent: {
    key: (t) => `${t}.spent_cents`,
    cast: 'bigint',
    desc: true,
    valueOf: (r) => r.spentCents,
  },
  deadline: {
    key: (t) => `coalesce(${t}.content_deadline_date, 'infinity'::date)`,
    cast: 'date',
    desc: false,
    valueOf: (r) => r.contentDeadlineDate ?? 'infinity',
  },
  creators_waiting: {
    key: creatorsWaitingOf,
    cast: 'bigint',
    desc: true,
    valueOf: (r) => r.creatorsWaiting,
  },
};

/** The keyset of the list in `sort` order: the row's sort value, then its id. */
export function campaignKeyset(
  sort: CampaignSort = 'newest',
): Keyset<CampaignRow, CampaignListAfter> {
  const order = CAMPAIGN_ORDERS[sort];
  return {
    shape: [order.cast === 'bigint' ? 'number' : 'string', 'string'],
    positionOf: (row) => [order.valueOf(row), row.id],
    after: ([key, id]) => ({ key: key!, id: String(id) }),
  };
}

// The list is the hottest read: one statement written as SQL text and handed straight to the
// driver (building it with drizzle and mapping its rows cost more than the query itself on
// PGlite), answering rows already in CampaignRow's shape (timestamps as ISO text, dates as text)
// that toCampaign maps once.
const LIST_COLUMNS = [
  'c.id',
  'c.brand_id as "brandId"',
  'c.name',
  'c.status',
  'c.status_detail as "statusDetail"',
  `case when c.publish_requested_at is null then null else ${isoTimestampText('c.publish_requested_at')} end as "publishRequestedAt"`,
  'c.visibility',
  'c.invite_code as "inviteCode"',
  'c.description',
  'c.instructions',
  'c.icon_url as "iconUrl"',
  'c.brief_url as "briefUrl"',
  'c.video_examples as "videoExamples"',
  'c.links',
  'c.targeting',
  'c.product',
  'c.settings',
  'c.spent_cents as "spentCents"',
  'c.accepting_submissions as "acceptingSubmissions"',
  'c.content_deadline_date::text as "contentDeadlineDate"',
  'c.post_deadline_date::text as "postDeadlineDate"',
  'c.weekly_video_cap as "weeklyVideoCap"',
  'c.tasks_count as "tasksCount"',
  `${isoTimestampText('c.created_at')} as "createdAt"`,
  `${isoTimestampText('c.updated_at')} as "updatedAt"`,
  'b.name as "brandName"',
  `${creatorsWaitingOf('c')} as "creatorsWaiting"`,
].join(', ');

/**
 * The one statement of a page of campaigns in the filter's order (newest first by default), ties
 * by id (keyset pagination), as the driver receives it; bench/ runs exactly this as its baseline.
 * One brand reads its index (brand_id, created_at desc, id desc) directly for the newest first,
 * and sorts its matching campaigns for another order; several brands take the first rows of each
 * brand in that order (a lateral join) and keep the first of those, so an agency's page costs
 * about one brand's page per brand whatever the number of campaigns. Every value is a parameter.
 */
export function campaignListStatement(filter: CampaignListFilter): Statement {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const order = CAMPAIGN_ORDERS[filter.sort ?? 'newest'];
  const dir = order.desc ? 'desc' : 'asc';
  // The filters on the rows of `t` (the listed table, or the lateral's).
  const conditions = (t: string) => {
    let where = '';
    if (filter.statuses) where += ` and ${t}.status in (${filter.statuses.map(p).join(', ')})`;
    if (filter.createdAfter)
      where += ` and ${t}.created_at >= ${p(filter.createdAfter)}::timestamptz`;
    if (filter.createdBefore)
      where += ` and ${t}.created_at < ${p(filter.createdBefore)}::timestamptz`;
    // strpos, not LIKE: the text is matched as it is, `%` and `_` included.
    if (filter.search)
      where += ` and strpos(${foldedText(`${t}.name`)}, ${foldedText(p(filter.search))}) > 0`;
    if (filter.ids) where += ` and ${t}.id = any(${p(`{${filter.ids.join(',')}}`)}::uuid[])`;
    if (filter.after) {
      const value =
        order.cast === 'text'
          ? foldedText(p(filter.after.key))
          : `${p(filter.after.key)}::${order.cast}`;
      where += ` and (${order.key(t)}, ${t}.id) ${order.desc ? '<' : '>'} (${value}, ${p(filter.after.id)}::uuid)`;
    }
    return where;
  };
  const take = rowsForPage(filter.limit);
  let scope: string;
  if (filter.scope.length === 1) {
    scope = `c.brand_id = ${p(filter.scope[0])}${conditions('c')}`;
  } else {
    const brands = p(`{${filter.scope.join(',')}}`);
    const lateral =
      `select t.id, ${order.key('t')} as k from campaigns t where t.brand_id = scope.brand_id${conditions('t')}` +
      ` order by k ${dir}, t.id ${dir} limit ${p(take)}`;
    scope =
      `c.id in (select top.id from unnest(${brands}::uuid[]) as scope(brand_id) cross join lateral (${lateral}) as top` +
      ` order by top.k ${dir}, top.id ${dir} limit ${p(take)})`;
  }
  const text =
    `select ${LIST_COLUMNS} from campaigns c join brands b on b.id = c.brand_id where ${scope}` +
    ` order by ${order.key('c')} ${dir}, c.id ${dir} limit ${p(take)}`;
  return { text, params };
}

/** A page of campaigns (see campaignListStatement) and whether more follow. */
export async function listCampaignRows(
  db: Db,
  filter: CampaignListFilter,
): Promise<Page<CampaignRow>> {
  if (filter.scope.length === 0) return noPage();
  const rows = await queryStatement<CampaignRow>(db, campaignListStatement(filter));
  // bigint arrives as text from node-postgres and as a number from PGlite.
  for (const row of rows) {
    row.spentCents = Number(row.spentCents);
    row.creatorsWaiting = Number(row.creatorsWaiting);
  }
  return pageOf(rows, filter.limit);
}

// ---------------------------------------------------------------- update

export interface UpdateContext {
  today: string;
  /** The body's fields in the order sent, to name the first locked one. */
  sent: readonly string[];
}

/** PATCH: the lock table, deadlines, invite codes; is_required follows a new completion mode. */
export async function updateCampaign(
  tx: Tx,
  id: string,
  scope: BrandScope,
  patch: CampaignUpdate,
  context: UpdateContext,
): Promise<Campaign> {
  const row = await getCampaignRow(tx, id, scope, { forUpdate: true });
  const plan = planCampaignUpdate(row, patch, context.sent, {
    today: context.today,
    uuid: randomUUID,
    inviteCode: generateInviteCode,
  });
  if (Object.keys(plan.changes).length === 0) return toCampaign(row, await loadTasks(tx, id));
  if (plan.changes.inviteCode) await assertInviteCodeFree(tx, plan.changes.inviteCode, id);
  await tx
    .update(campaigns)
    .set({ ...plan.changes, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id));
  const derived = plan.completionMode ? derivedIsRequired(plan.completionMode) : null;
  if (derived !== null) {
    await tx
      .update(tasks)
      .set({ isRequired: derived, updatedAt: sql`now()` })
      .where(and(eq(tasks.campaignId, id), sql`${tasks.isRequired} <> ${derived}`));
  }
  return getCampaign(tx, id, ALL_BRANDS);
}

// ---------------------------------------------------------------- status changes

/**
 * When the campaign was sent for approval after `action`: set by publish, cleared by the review's
 * decision and by a withdrawal, kept by the others (undefined: unchanged).
 */
const publishRequestedAfter = (action: CampaignAction, now: Date): Date | null | undefined =>
  action === 'publish'
    ? now
    : action === 'approve' || action === 'deny' || action === 'withdraw'
      ? null
      : undefined;

/**
 * publish, withdraw, pause, resume, and the /ops review, auto-pause and completion. A review
 * decision records how long the request waited (docs/api.md#getting-live).
 */
export async function changeStatus(
  tx: Tx,
  id: string,
  scope: BrandScope,
  action: Exclude<CampaignAction, 'delete'>,
  context: { now: Date; reason?: string | undefined },
): Promise<Campaign> {
  const row = await getCampaignRow(tx, id, scope, { forUpdate: true });
  assertTransition(action, row.status);
  if (action === 'publish') {
    const [active] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.campaignId, id), eq(tasks.status, 'active')));
    assertPublishable(active?.n ?? 0, row.settings);
  }
  const next = stateAfter(action, row, context);
  await tx
    .update(campaigns)
    .set({
      status: next.status,
      statusDetail: next.statusDetail,
      acceptingSubmissions: next.acceptingSubmissions,
      publishRequestedAt: publishRequestedAfter(action, context.now),
      updatedAt: sql`now()`,
    })
    .where(eq(campaigns.id, id));
  if (action === 'approve' || action === 'deny') {
    await tx.insert(publishReviews).values({
      campaignId: id,
      // A request older than the column (0015) waited at least since the campaign last changed.
      requestedAt: sql`${row.publishRequestedAt ?? row.updatedAt}::timestamptz`,
      decidedAt: context.now,
      approved: action === 'approve',
    });
  }
  return getCampaign(tx, id, ALL_BRANDS);
}

/** DELETE: drafts only; the tasks go with it. */
export async function deleteCampaign(
  tx: Tx,
  id: string,
  scope: BrandScope,
): Promise<CampaignDeleted> {
  const row = await getCampaignRow(tx, id, scope, { forUpdate: true });
  assertTransition('delete', row.status);
  await tx.delete(campaigns).where(eq(campaigns.id, id));
  return { id, deleted: true };
}
