import type { Context } from 'hono';
import type { TaskStatus } from '#contract/enums';
import { getTask, taskList } from '../../domain/tasks.ts';
import { createTask, setTaskStatus, updateTask } from '../../services/tasks.ts';
import { getAuth } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerCampaignList, type ListRouteDeps } from '../../http/paging.ts';
import {
  listTasksRoute,
  createTaskRoute,
  getTaskRoute,
  updateTaskRoute,
  archiveTaskRoute,
  unarchiveTaskRoute,
} from './tasks.routes.ts';

/** The request of an operation on one task. */
type TaskContext = Context<
  AppEnv,
  string,
  { out: { param: { campaign_id: string; task_id: string } } }
>;

export function taskRoutes(deps: ListRouteDeps) {
  const { db } = deps;
  /** archive, unarchive: the task of the caller's campaign takes `status`. */
  const setStatus = (c: TaskContext, status: TaskStatus) => {
    const { campaign_id, task_id } = c.req.valid('param');
    return setTaskStatus(db, campaign_id, task_id, getAuth(c).brandIds, status);
  };
  return createRouter()
    .openapi(listTasksRoute, async (c) => c.json(await answerCampaignList(c, deps, taskList), 200))
    .openapi(createTaskRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await createTask(db, campaign_id, getAuth(c).brandIds, body), 201);
    })
    .openapi(getTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(await getTask(db, campaign_id, task_id, getAuth(c).brandIds), 200);
    })
    .openapi(updateTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await updateTask(db, campaign_id, task_id, getAuth(c).brandIds, body), 200);
    })
    .openapi(archiveTaskRoute, async (c) => c.json(await setStatus(c, 'archived'), 200))
    .openapi(unarchiveTaskRoute, async (c) => c.json(await setStatus(c, 'active'), 200));
}
