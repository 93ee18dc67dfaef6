import { createRoute, z } from '@hono/zod-openapi';
import { Uuid } from '#contract/common';
import {
  OpsAgency,
  OpsAgencyCreate,
  OpsBrand,
  OpsBrandCreate,
  OpsKeyCreate,
  OpsKeyCreated,
  OpsKeyRevoked,
  OpsTargetingPropertyCreate,
} from '#contract/ops';
import { TargetingProperty } from '#contract/targeting';
import type { Db } from '../../db/client.ts';
import { insertApiKey, revokeApiKey } from '../../domain/keys.ts';
import { insertProperty } from '../../domain/targeting.ts';
import { findAgency, findBrand, insertAgency, insertBrand } from '../../domain/tenancy.ts';
import { validationFailed } from '../../errors.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';
import type { Reviewer } from '../../domain/reviewer.ts';
import { opsActivityRoutes } from './activity.routes.ts';
import { opsCampaignRoutes } from './campaigns.routes.ts';
import { opsCodeRoutes } from './codes.routes.ts';

// The platform side (extensions section 5): tenancy, keys and targeting properties, for
// operators, the demo world and tests. Guarded by the ops token in app.ts.

const security = [{ opsToken: [] }];
const tags = ['Ops'];

const createBrand = createRoute({
  method: 'post',
  path: '/brands',
  operationId: 'opsCreateBrand',
  tags,
  security,
  summary: 'Create a brand',
  request: { body: jsonBody(OpsBrandCreate) },
  responses: { 201: jsonContent(OpsBrand, 'The brand'), ...errorResponses(400, 401, 413, 415, 422) },
});

const createAgency = createRoute({
  method: 'post',
  path: '/agencies',
  operationId: 'opsCreateAgency',
  tags,
  security,
  summary: 'Create an agency managing some brands',
  request: { body: jsonBody(OpsAgencyCreate) },
  responses: { 201: jsonContent(OpsAgency, 'The agency'), ...errorResponses(400, 401, 413, 415, 422) },
});

const createKey = createRoute({
  method: 'post',
  path: '/keys',
  operationId: 'opsCreateKey',
  tags,
  security,
  summary: 'Issue an API key for a brand or an agency',
  description: 'The whole key appears only in this answer; the service stores its hash. Scopes default to all.',
  request: { body: jsonBody(OpsKeyCreate) },
  responses: { 201: jsonContent(OpsKeyCreated, 'The new key'), ...errorResponses(400, 401, 413, 415, 422) },
});

const KeyParams = z.object({ key_id: Uuid });

const revokeKey = createRoute({
  method: 'post',
  path: '/keys/{key_id}/revoke',
  operationId: 'opsRevokeKey',
  tags,
  security,
  summary: 'Revoke a key',
  description: 'The key answers 401 from then on. Revoking a revoked key changes nothing.',
  request: { params: KeyParams },
  responses: { 200: jsonContent(OpsKeyRevoked, 'The revoked key'), ...errorResponses(400, 401, 404) },
});

const createProperty = createRoute({
  method: 'post',
  path: '/targeting/properties',
  operationId: 'opsCreateTargetingProperty',
  tags,
  security,
  summary: 'Add a targeting property',
  description: 'Without an id the service makes one (a UUID). Only option properties have values.',
  request: { body: jsonBody(OpsTargetingPropertyCreate) },
  responses: {
    201: jsonContent(TargetingProperty, 'The property'),
    ...errorResponses(400, 401, 413, 415, 422),
  },
});

export function opsRoutes(deps: { db: Db; now: () => Date; reviewer: Reviewer }) {
  const { db } = deps;
  return createRouter()
    .openapi(createBrand, async (c) => {
      const { name } = c.req.valid('json');
      return c.json(await insertBrand(db, name), 201);
    })
    .openapi(createAgency, async (c) => {
      const body = c.req.valid('json');
      const agency = await insertAgency(db, body.name, body.brand_ids);
      return c.json({ id: agency.id, name: agency.name, brand_ids: agency.brandIds }, 201);
    })
    .openapi(createKey, async (c) => {
      const body = c.req.valid('json');
      // The owner must exist: one transaction checks it and stores the key.
      const created = await db.transaction(async (tx) => {
        if (body.kind === 'brand') {
          if (!(await findBrand(tx, body.brand_id))) throw validationFailed('brand_id', 'unknown brand');
          return insertApiKey(tx, { kind: 'brand', brandId: body.brand_id, ...(body.scopes ? { scopes: body.scopes } : {}) });
        }
        if (!(await findAgency(tx, body.agency_id))) throw validationFailed('agency_id', 'unknown agency');
        return insertApiKey(tx, { kind: 'agency', agencyId: body.agency_id, ...(body.scopes ? { scopes: body.scopes } : {}) });
      });
      return c.json(created, 201);
    })
    .openapi(revokeKey, async (c) => {
      const { key_id } = c.req.valid('param');
      const revoked = await revokeApiKey(db, key_id, deps.now());
      return c.json({ id: revoked.id, revoked_at: revoked.revokedAt.toISOString() }, 200);
    })
    .openapi(createProperty, async (c) => {
      const body = c.req.valid('json');
      return c.json(await insertProperty(db, body), 201);
    })
    .route('/', opsCampaignRoutes(deps))
    .route('/', opsActivityRoutes(deps))
    .route('/', opsCodeRoutes(deps));
}
