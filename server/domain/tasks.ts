import { and, eq, max, sql } from 'drizzle-orm';
import type { TaskStatus } from '#contract/enums';
import type { Task, TaskCreate, TaskListQuery, TaskUpdate } from '#contract/tasks';
import type { Db, Tx } from '../db/client.ts';
import { campaigns, tasks } from '../db/schema.ts';
import { invalidTransition, notFound } from '../errors.ts';
import { assertTasksWritable, displayOrders, isRequiredForNewTask } from './campaign-rules.ts';
import { getCampaignRow, type CampaignRow } from './campaigns.ts';
import { campaignItemList, cursorFilters, type Keyset, type ListFilter } from './paging.ts';
import { taskChanges, taskOrder, taskSelection, taskValues, toTask } from './task-rows.ts';
import type { BrandScope } from './brand-scope.ts';

// Tasks of a campaign: list, read, and the writes (create, PATCH, archive, unarchive). Every write
// locks the campaign's row first, so it sees the campaign's current status and completion mode.

interface TaskPosition {
  displayOrder: number;
  createdAt: string;
  id: string;
}

/** GET …/tasks's filters; after: (display_order, created_at, id) of the previous page's last task. */
export type TaskListFilter = ListFilter<TaskListQuery, TaskPosition>;

/** Tasks in display order, then created_at, then id (taskOrder). */
export const taskKeyset: Keyset<TaskPosition, TaskPosition> = {
  shape: ['number', 'string', 'string'],
  positionOf: (row) => [row.displayOrder, row.createdAt, row.id],
  after: ([displayOrder, createdAt, id]) => ({
    displayOrder: Number(displayOrder),
    createdAt: String(createdAt),
    id: String(id),
  }),
};

async function getTaskRow(db: Db, campaignId: string, taskId: string) {
  const [row] = await db
    .select(taskSelection)
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.campaignId, campaignId)));
  if (!row) throw notFound('Task');
  return row;
}

/** One task of a campaign the scope may see; 404 for either missing. */
/** GET /campaigns/{campaign_id}/tasks. */
export const taskList = campaignItemList({
  scope: (campaignId, q: TaskListQuery) => ({
    list: `tasks:${campaignId}`,
    filters: cursorFilters(q, ['status']),
  }),
  keyset: taskKeyset,
  select: (db, where) => db.select(taskSelection).from(tasks).where(where),
  campaignId: tasks.campaignId,
  filters: (filter: TaskListFilter) => [
    filter.status ? eq(tasks.status, filter.status) : undefined,
  ],
  startAfter: (after) =>
    sql`(${tasks.displayOrder}, ${tasks.createdAt}, ${tasks.id}) > (${after.displayOrder}::int, ${after.createdAt}::timestamptz, ${after.id}::uuid)`,
  order: taskOrder,
  show: toTask,
});

export async function getTask(
  db: Db,
  campaignId: string,
  taskId: string,
  scope: BrandScope,
): Promise<Task> {
  await getCampaignRow(db, campaignId, scope);
  return toTask(await getTaskRow(db, campaignId, taskId));
}

async function writableCampaign(
  tx: Tx,
  campaignId: string,
  scope: BrandScope,
): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, campaignId, scope, { forUpdate: true });
  assertTasksWritable(campaign);
  return campaign;
}

/** Adds a task; without display_order it goes after the last one. */
export async function createTask(
  tx: Tx,
  campaignId: string,
  scope: BrandScope,
  body: TaskCreate,
): Promise<Task> {
  const campaign = await writableCampaign(tx, campaignId, scope);
  const isRequired = isRequiredForNewTask(
    campaign.settings.completion_mode,
    body.is_required,
    'is_required',
  );
  const [last] = await tx
    .select({ max: max(tasks.displayOrder) })
    .from(tasks)
    .where(eq(tasks.campaignId, campaignId));
  const [displayOrder] = displayOrders(last?.max ?? null, [body.display_order]);
  const [row] = await tx
    .insert(tasks)
    .values(taskValues(body, { campaignId, isRequired, displayOrder: displayOrder! }))
    .returning({ id: tasks.id });
  if (!row) throw new Error('insert into tasks returned no row');
  await tx
    .update(campaigns)
    .set({ tasksCount: sql`${campaigns.tasksCount} + 1` })
    .where(eq(campaigns.id, campaignId));
  return toTask(await getTaskRow(tx, campaignId, row.id));
}

/** PATCH: omitted fields stay; is_required only under some_required. */
export async function updateTask(
  tx: Tx,
  campaignId: string,
  taskId: string,
  scope: BrandScope,
  patch: TaskUpdate,
): Promise<Task> {
  const campaign = await writableCampaign(tx, campaignId, scope);
  const current = await getTaskRow(tx, campaignId, taskId);
  const changes = taskChanges(patch, campaign.settings.completion_mode);
  if (Object.keys(changes).length === 0) return toTask(current);
  await tx
    .update(tasks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId));
  return toTask(await getTaskRow(tx, campaignId, taskId));
}

/** archive (active -> archived) and unarchive (archived -> active); anything else is a 409. */
export async function setTaskStatus(
  tx: Tx,
  campaignId: string,
  taskId: string,
  scope: BrandScope,
  to: TaskStatus,
): Promise<Task> {
  await writableCampaign(tx, campaignId, scope);
  const current = await getTaskRow(tx, campaignId, taskId);
  if (current.status === to) {
    const verb = to === 'archived' ? 'archived' : 'unarchived';
    throw invalidTransition(
      'status',
      `the task is already ${current.status}; it cannot be ${verb}`,
    );
  }
  await tx
    .update(tasks)
    .set({ status: to, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId));
  return toTask(await getTaskRow(tx, campaignId, taskId));
}
