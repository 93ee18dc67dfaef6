import { createRoute } from '@hono/zod-openapi';
import { CampaignParams, TaskParams } from '#contract/params';
import { Task, TaskCreate, TaskListQuery, TaskPage, TaskUpdate } from '#contract/tasks';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { toTask } from '../../domain/task-rows.ts';
import {
  createTask,
  getTask,
  listTaskRows,
  setTaskStatus,
  updateTask,
} from '../../domain/tasks.ts';
import { getAuth, requireScope } from '../../http/auth.ts';
import {
  bearerWithScope,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../http/openapi.ts';

export interface TaskRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

const tags = ['Tasks'];
const read = {
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
};
const write = {
  security: bearerWithScope('campaigns:write'),
  middleware: [requireScope('campaigns:write')],
};

const WRITE_NOTE =
  'Tasks of a campaign of the weekly-video-cap kind are read-only (409 task_read_only); tasks of a campaign ' +
  'that is pending_approval or completed cannot change (409 invalid_state_transition).';

const listTasksRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/tasks',
  operationId: 'listTasks',
  tags,
  summary: "List a campaign's tasks",
  description: 'In display_order, then created_at, then id.',
  ...read,
  request: { params: CampaignParams, query: TaskListQuery },
  responses: {
    200: jsonContent(TaskPage, 'A page of tasks'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const createTaskRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/tasks',
  operationId: 'createTask',
  tags,
  summary: 'Add a task to a campaign',
  description: `Without display_order the task goes after the last one. is_required may be sent only when the campaign's completion_mode is some_required (default true); otherwise it is derived. ${WRITE_NOTE}`,
  ...write,
  request: { params: CampaignParams, body: jsonBody(TaskCreate) },
  responses: {
    201: jsonContent(Task, 'The new task'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

const getTaskRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/tasks/{task_id}',
  operationId: 'getTask',
  tags,
  summary: 'Get a task',
  ...read,
  request: { params: TaskParams },
  responses: { 200: jsonContent(Task, 'The task'), ...errorResponses(400, 401, 403, 404, 429) },
});

const updateTaskRoute = createRoute({
  method: 'patch',
  path: '/campaigns/{campaign_id}/tasks/{task_id}',
  operationId: 'updateTask',
  tags,
  summary: 'Update a task',
  description: `Any subset of the task fields; omitted fields stay unchanged, null clears. is_required only under completion_mode some_required (else 422). ${WRITE_NOTE}`,
  ...write,
  request: { params: TaskParams, body: jsonBody(TaskUpdate) },
  responses: {
    200: jsonContent(Task, 'The updated task'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

const statusRoute = (action: 'archive' | 'unarchive') =>
  createRoute({
    method: 'post',
    path: `/campaigns/{campaign_id}/tasks/{task_id}/${action}`,
    operationId: `${action}Task`,
    tags,
    summary:
      action === 'archive'
        ? 'Archive a task (it accepts no new creators)'
        : 'Bring an archived task back',
    description: `${action === 'archive' ? 'An archived task' : 'An active task'} answers 409 invalid_state_transition. ${WRITE_NOTE}`,
    ...write,
    request: { params: TaskParams },
    responses: {
      200: jsonContent(Task, 'The task in its new status'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  });

export function taskRoutes(deps: TaskRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listTasksRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = {
        list: `tasks:${campaign_id}`,
        filters: { status: q.status ?? null },
      };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([displayOrder, createdAt, id]) => ({
            displayOrder: Number(displayOrder),
            createdAt: String(createdAt),
            id: String(id),
          }))(decodeCursor(secret, scope, q.starting_after, ['number', 'string', 'string']))
        : undefined;
      const { rows, hasMore } = await listTaskRows(db, campaign_id, {
        status: q.status,
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toTask),
          has_more: hasMore,
          next_cursor:
            hasMore && last
              ? encodeCursor(secret, scope, [last.displayOrder, last.createdAt, last.id])
              : null,
        },
        200,
      );
    })
    .openapi(createTaskRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        await transaction(db, (tx) => createTask(tx, campaign_id, getAuth(c).brandIds, body)),
        201,
      );
    })
    .openapi(getTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(await getTask(db, campaign_id, task_id, getAuth(c).brandIds), 200);
    })
    .openapi(updateTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        await transaction(db, (tx) =>
          updateTask(tx, campaign_id, task_id, getAuth(c).brandIds, body),
        ),
        200,
      );
    })
    .openapi(statusRoute('archive'), async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          setTaskStatus(tx, campaign_id, task_id, getAuth(c).brandIds, 'archived'),
        ),
        200,
      );
    })
    .openapi(statusRoute('unarchive'), async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          setTaskStatus(tx, campaign_id, task_id, getAuth(c).brandIds, 'active'),
        ),
        200,
      );
    });
}
