import { createRoute } from '@hono/zod-openapi';
import { CodeGroup, DiscountCode } from '#contract/codes';
import { OpsCodeAssign, OpsCodeGroupCreate } from '#contract/ops';
import { CodeParams } from '#contract/params';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';

// The platform side of discount codes (extensions section 5): code groups and assignments.

const security = [{ opsToken: [] }];
const tags = ['Ops'];

export const createGroupRoute = createRoute({
  method: 'post',
  path: '/code-groups',
  operationId: 'opsCreateCodeGroup',
  tags,
  security,
  summary: 'Create a code group for a brand',
  description:
    'commission_cents is paid to the assigned creator per reported use. The group gets an unguessable e-mail intake address.',
  request: { body: jsonBody(OpsCodeGroupCreate) },
  responses: {
    201: jsonContent(CodeGroup, 'The code group'),
    ...errorResponses(400, 401, 413, 415, 422),
  },
});

export const assignRoute = createRoute({
  method: 'post',
  path: '/codes/{code}/assign',
  operationId: 'opsAssignCode',
  tags,
  security,
  summary: 'Assign a code to a creator on a campaign',
  description:
    "The campaign must belong to the code's brand (422 naming campaign_id) and the creator be approved on it (409). " +
    'A code assigned to someone else: 409 code_assigned; assigning it again to the same creator and campaign changes nothing. ' +
    'Uses reported before the assignment are not paid.',
  request: { params: CodeParams, body: jsonBody(OpsCodeAssign) },
  responses: {
    200: jsonContent(DiscountCode, 'The code'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 422),
  },
});
