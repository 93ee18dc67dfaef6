import { createRoute, z } from '@hono/zod-openapi';
import { TargetingPropertyList, TargetingValueList } from '#contract/targeting';
import { requireScope } from '../../http/auth.ts';
import { bearerWithScope, errorResponses, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

export const listPropertiesRoute = createRoute({
  method: 'get',
  path: '/targeting/properties',
  operationId: 'listTargetingProperties',
  tags: ['Targeting'],
  summary: 'List the creator properties usable in targeting',
  description:
    'Each property id is passed verbatim as the `property` of a targeting condition. `option` ' +
    'properties take values from their allowed-values list; `number` properties take one "<min>-<max>" range.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')] as const,
  responses: {
    200: jsonContent(
      TargetingPropertyList,
      'All targeting properties, in display order',
      examples.targetingProperties,
    ),
    ...errorResponses(401, 403, 429),
  },
});

const PropertyParams = z.object({
  property_id: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'A property id from the properties list' }),
});

export const listValuesRoute = createRoute({
  method: 'get',
  path: '/targeting/properties/{property_id}/values',
  operationId: 'listTargetingValues',
  tags: ['Targeting'],
  summary: 'List the allowed values of an option property',
  description:
    'Only `option` properties have values; a `number` property answers 422. Pass `value` verbatim in ' +
    'conditions, show `label` to people.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')] as const,
  request: { params: PropertyParams },
  responses: {
    200: jsonContent(
      TargetingValueList,
      'The allowed values, in display order',
      examples.targetingValues,
    ),
    ...errorResponses(400, 401, 403, 404, 422, 429),
  },
});
