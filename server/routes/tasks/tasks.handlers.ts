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
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
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
