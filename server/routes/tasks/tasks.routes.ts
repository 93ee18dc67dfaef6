import { CampaignParams, TaskParams } from '#contract/params';
import { Task, TaskCreate, TaskListQuery, TaskPage, TaskUpdate } from '#contract/tasks';
import { apiRoutes, jsonBody, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const tasks = apiRoutes({ tags: ['Tasks'], read: 'campaigns:read', write: 'campaigns:write' });

const WRITE_NOTE =
  'Tasks of a campaign of the weekly-video-cap kind are read-only (409 task_read_only); tasks of a campaign ' +
  'that is pending_approval or completed cannot change (409 invalid_state_transition).';

export const listTasksRoute = tasks.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/tasks',
  operationId: 'listTasks',
  summary: "List a campaign's tasks",
  description: 'In display_order, then created_at, then id.',
  request: { params: CampaignParams, query: TaskListQuery },
  responses: { 200: jsonContent(TaskPage, 'A page of tasks', examples.tasksPage) },
});

export const createTaskRoute = tasks.write({
  method: 'post',
  path: '/campaigns/{campaign_id}/tasks',
  operationId: 'createTask',
  summary: 'Add a task to a campaign',
  description: `Without display_order the task goes after the last one. is_required may be sent only when the campaign's completion_mode is some_required (default true); otherwise it is derived. ${WRITE_NOTE}`,
  request: { params: CampaignParams, body: jsonBody(TaskCreate, examples.taskCreate) },
  responses: { 201: jsonContent(Task, 'The new task', examples.task) },
});

export const getTaskRoute = tasks.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/tasks/{task_id}',
  operationId: 'getTask',
  summary: 'Get a task',
  description: 'A task of the campaign, active or archived.',
  request: { params: TaskParams },
  responses: { 200: jsonContent(Task, 'The task', examples.task) },
});

export const updateTaskRoute = tasks.write({
  method: 'patch',
  path: '/campaigns/{campaign_id}/tasks/{task_id}',
  operationId: 'updateTask',
  summary: 'Update a task',
  description: `Any subset of the task fields; omitted fields stay unchanged, null clears. is_required only under completion_mode some_required (else 422). ${WRITE_NOTE}`,
  request: { params: TaskParams, body: jsonBody(TaskUpdate, examples.taskUpdate) },
  responses: {
    200: jsonContent(Task, 'The updated task', { ...examples.task, ...examples.taskUpdate }),
  },
});

const statusRoute = (action: 'archive' | 'unarchive') =>
  tasks.decide({
    method: 'post',
    path: `/campaigns/{campaign_id}/tasks/{task_id}/${action}`,
    operationId: `${action}Task`,
    summary:
      action === 'archive'
        ? 'Archive a task (it accepts no new creators)'
        : 'Bring an archived task back',
    description: `${action === 'archive' ? 'An archived task' : 'An active task'} answers 409 invalid_state_transition. ${WRITE_NOTE}`,
    request: { params: TaskParams },
    responses: {
      200: jsonContent(Task, 'The task in its new status', {
        ...examples.task,
        status: action === 'archive' ? 'archived' : 'active',
      }),
    },
  });

export const archiveTaskRoute = statusRoute('archive');
export const unarchiveTaskRoute = statusRoute('unarchive');
