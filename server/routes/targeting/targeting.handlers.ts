import type { RouteDeps } from '../../http/context.ts';
import { listProperties, listValues } from '../../domain/targeting.ts';
import { createRouter } from '../../http/openapi.ts';
import { listPropertiesRoute, listValuesRoute } from './targeting.routes.ts';

export function targetingRoutes(deps: RouteDeps) {
  return createRouter()
    .openapi(listPropertiesRoute, async (c) => c.json({ data: await listProperties(deps.db) }, 200))
    .openapi(listValuesRoute, async (c) => {
      const { property_id } = c.req.valid('param');
      return c.json({ data: await listValues(deps.db, property_id) }, 200);
    });
}
