import { createRouter } from '../../http/openapi.ts';
import type { RouteDeps } from '../../http/context.ts';
import { assignCode, createCodeGroup } from '../../services/codes.ts';
import { createGroupRoute, assignRoute } from './codes.routes.ts';

export function opsCodeRoutes(deps: RouteDeps & { intakeDomain: string }) {
  const { db } = deps;
  return createRouter()
    .openapi(createGroupRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await createCodeGroup(db, body, deps.intakeDomain), 201);
    })
    .openapi(assignRoute, async (c) => {
      const { code } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await assignCode(db, code, body), 200);
    });
}
