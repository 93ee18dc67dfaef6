import { z } from '@hono/zod-openapi';
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
import { InvitationCreated, OpsInvitationCreate } from '#contract/people';
import { TargetingProperty } from '#contract/targeting';
import { jsonBody, jsonContent, opsRoutes } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// The platform side (docs/api.md#the-platform-side-ops): tenancy, keys and targeting properties, for
// operators, the demo world and tests. Guarded by the ops token in app.ts.

const ops = opsRoutes();

export const createBrandRoute = ops.create({
  method: 'post',
  path: '/brands',
  operationId: 'opsCreateBrand',
  summary: 'Create a brand',
  description: 'A brand with no keys yet; issue one with POST /keys.',
  request: { body: jsonBody(OpsBrandCreate, examples.opsBrandCreate) },
  responses: { 201: jsonContent(OpsBrand, 'The brand', examples.opsBrand) },
});

export const createAgencyRoute = ops.create({
  method: 'post',
  path: '/agencies',
  operationId: 'opsCreateAgency',
  summary: 'Create an agency managing some brands',
  description: 'Unknown brand ids answer 422 naming the entry.',
  request: { body: jsonBody(OpsAgencyCreate, examples.opsAgencyCreate) },
  responses: { 201: jsonContent(OpsAgency, 'The agency', examples.opsAgency) },
});

export const createKeyRoute = ops.create({
  method: 'post',
  path: '/keys',
  operationId: 'opsCreateKey',
  summary: 'Issue an API key for a brand or an agency',
  description:
    'The whole key appears only in this answer; the service stores its hash. Scopes default to all.',
  request: { body: jsonBody(OpsKeyCreate, examples.opsKeyCreate) },
  responses: { 201: jsonContent(OpsKeyCreated, 'The new key', examples.opsKeyCreated) },
});

const KeyParams = z.object({ key_id: Uuid });

export const revokeKeyRoute = ops.other({
  method: 'post',
  path: '/keys/{key_id}/revoke',
  operationId: 'opsRevokeKey',
  summary: 'Revoke a key',
  description: 'The key answers 401 from then on. Revoking a revoked key changes nothing.',
  request: { params: KeyParams },
  responses: { 200: jsonContent(OpsKeyRevoked, 'The revoked key', examples.keyRevoked) },
  errors: [400, 401, 404],
});

export const createPropertyRoute = ops.create({
  method: 'post',
  path: '/targeting/properties',
  operationId: 'opsCreateTargetingProperty',
  summary: 'Add a targeting property',
  description: 'Without an id the service makes one (a UUID). Only option properties have values.',
  request: { body: jsonBody(OpsTargetingPropertyCreate, examples.opsTargetingPropertyCreate) },
  responses: { 201: jsonContent(TargetingProperty, 'The property', examples.targetingProperty) },
});

export const createInvitationRoute = ops.other({
  method: 'post',
  path: '/invitations',
  operationId: 'opsInviteMember',
  summary: 'Invite a member of a brand or an agency (the first admin)',
  description:
    'A one-time link, valid 7 days, shown only in this answer; accepting it (POST /2026-07/invitations/{token}/accept) makes the member and signs them in.',
  request: { body: jsonBody(OpsInvitationCreate, examples.opsInvitationCreate) },
  responses: {
    201: jsonContent(
      InvitationCreated,
      'The invitation with its link',
      examples.opsInvitationCreated,
    ),
  },
  errors: [400, 401, 409, 413, 415, 422],
});
