import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import type { CursorScope } from '../../domain/cursor.ts';
import { toTask } from '../../domain/task-rows.ts';
import {
  createTask,
  getTask,
  listTaskRows,
  setTaskStatus,
  taskKeyset,
  updateTask,
} from '../../domain/tasks.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList } from '../../http/paging.ts';
import {
  listTasksRoute,
  createTaskRoute,
  getTaskRoute,
  updateTaskRoute,
  archiveTaskRoute,
  unarchiveTaskRoute,
} from './tasks.routes.ts';

export interface TaskRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

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
      return c.json(
        await answerList(deps.cursorSecret, q, {
          scope,
          keyset: taskKeyset,
          read: (page) =>
            listTaskRows(db, campaign_id, {
              status: q.status,
              ...page,
            }),
          show: toTask,
        }),
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
    .openapi(archiveTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          setTaskStatus(tx, campaign_id, task_id, getAuth(c).brandIds, 'archived'),
        ),
        200,
      );
    })
    .openapi(unarchiveTaskRoute, async (c) => {
      const { campaign_id, task_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          setTaskStatus(tx, campaign_id, task_id, getAuth(c).brandIds, 'active'),
        ),
        200,
      );
    });
}
