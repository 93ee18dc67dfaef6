import { createRoute } from '@hono/zod-openapi';
import { CampaignParams, TaskParams } from '#contract/params';
import { Task, TaskCreate, TaskListQuery, TaskPage, TaskUpdate } from '#contract/tasks';
import { errorResponses, jsonBody, jsonContent, withScope } from '../../http/openapi.ts';

const tags = ['Tasks'];
const read = withScope('campaigns:read');
const write = withScope('campaigns:write');

const WRITE_NOTE =
  'Tasks of a campaign of the weekly-video-cap kind are read-only (409 task_read_only); tasks of a campaign ' +
  'that is pending_approval or completed cannot change (409 invalid_state_transition).';

export const listTasksRoute = createRoute({
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

export const createTaskRoute = createRoute({
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

export const getTaskRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/tasks/{task_id}',
  operationId: 'getTask',
  tags,
  summary: 'Get a task',
  description: 'A task of the campaign, active or archived.',
  ...read,
  request: { params: TaskParams },
  responses: { 200: jsonContent(Task, 'The task'), ...errorResponses(400, 401, 403, 404, 429) },
});

export const updateTaskRoute = createRoute({
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

export const archiveTaskRoute = statusRoute('archive');
export const unarchiveTaskRoute = statusRoute('unarchive');
