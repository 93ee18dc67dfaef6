import { createRoute } from '@hono/zod-openapi';
import { Me } from '#contract/me';
import { bearerWithScope, errorResponses, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  tags: ['Me'],
  summary: 'Who the key is and which brands it acts for',
  description: 'Any valid key may call this; no scope is needed.',
  security: bearerWithScope(),
  responses: {
    200: jsonContent(Me, 'The key, its agency (agency keys) and its brands', examples.me),
    ...errorResponses(401, 429),
  },
});
