import { CodeGroup, DiscountCode } from '#contract/codes';
import { OpsCodeAssign, OpsCodeGroupCreate } from '#contract/ops';
import { CodeParams } from '#contract/params';
import { jsonBody, jsonContent, opsRoutes } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// The platform side of discount codes (docs/api.md#the-platform-side-ops): code groups and assignments.

const ops = opsRoutes();

export const createGroupRoute = ops.create({
  method: 'post',
  path: '/code-groups',
  operationId: 'opsCreateCodeGroup',
  summary: 'Create a code group for a brand',
  description:
    'commission_cents is paid to the assigned creator per reported use. The group gets an unguessable e-mail intake address.',
  request: { body: jsonBody(OpsCodeGroupCreate, examples.opsCodeGroupCreate) },
  responses: { 201: jsonContent(CodeGroup, 'The code group', examples.newCodeGroup) },
});

export const assignRoute = ops.write({
  method: 'post',
  path: '/codes/{code}/assign',
  operationId: 'opsAssignCode',
  summary: 'Assign a code to a creator on a campaign',
  description:
    "The campaign must belong to the code's brand (422 naming campaign_id) and the creator be approved on it (409). " +
    'A code assigned to someone else: 409 code_assigned; assigning it again to the same creator and campaign changes nothing. ' +
    'Uses reported before the assignment are not paid.',
  request: { params: CodeParams, body: jsonBody(OpsCodeAssign, examples.opsCodeAssign) },
  responses: { 200: jsonContent(DiscountCode, 'The code', examples.discountCode) },
});
