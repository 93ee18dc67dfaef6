import { createRoute } from '@hono/zod-openapi';
import { Me } from '#contract/me';
import type { Db } from '../../db/client.ts';
import { brandsByIds, findAgency } from '../../domain/tenancy.ts';
import { getAuth } from '../../http/auth.ts';
import { bearerWithScope, createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';

const getMe = createRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  tags: ['Me'],
  summary: 'Who the key is and which brands it acts for',
  description: 'Any valid key may call this; no scope is needed.',
  security: bearerWithScope(),
  responses: {
    200: jsonContent(Me, 'The key, its agency (agency keys) and its brands'),
    ...errorResponses(401, 429),
  },
});

export function meRoutes(deps: { db: Db }) {
  return createRouter().openapi(getMe, async (c) => {
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
      },
      200,
    );
  });
}
