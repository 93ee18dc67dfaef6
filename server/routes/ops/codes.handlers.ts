import { transaction, type Db } from '../../db/client.ts';
import { assignCode, createCodeGroup } from '../../domain/codes.ts';
import { createRouter } from '../../http/openapi.ts';
import { createGroupRoute, assignRoute } from './codes.routes.ts';

export function opsCodeRoutes(deps: { db: Db; intakeDomain: string }) {
  const { db } = deps;
  return createRouter()
    .openapi(createGroupRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await transaction(db, (tx) => createCodeGroup(tx, body, deps.intakeDomain)),
        201,
      );
    })
    .openapi(assignRoute, async (c) => {
      const { code } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await transaction(db, (tx) => assignCode(tx, code, body)), 200);
    });
}
