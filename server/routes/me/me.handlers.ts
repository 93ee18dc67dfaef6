import type { RouteDeps } from '../../http/context.ts';
import { brandsByIds, findAgency } from '../../domain/tenancy.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { meRoute } from './me.routes.ts';

export function meRoutes(deps: RouteDeps) {
  return createRouter().openapi(meRoute, async (c) => {
    const auth = getAuth(c);
    const [agency, brands] = await Promise.all([
      auth.agencyId ? findAgency(deps.db, auth.agencyId) : Promise.resolve(null),
      brandsByIds(deps.db, auth.brandIds),
    ]);
    return c.json(
      {
        key: { id: auth.keyId, kind: auth.kind, scopes: [...auth.scopes], prefix: auth.prefix },
        agency,
        brands,
        member: auth.member ? { ...auth.member } : null,
      },
      200,
    );
  });
}
