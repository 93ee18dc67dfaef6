import { createRoute } from '@hono/zod-openapi';
import { CodeGroup } from '#contract/codes';
import { CodeGroupParams, UsageReportListQuery, UsageReportPage } from '#contract/usage-reports';
import { requireScope } from '../../http/auth.ts';
import { bearerWithScope, errorResponses, jsonContent } from '../../http/openapi.ts';

// The record of usage reports and the groups' e-mail intake (extensions section 10): definitions.

const tags = ['Discount codes'];

export const listRoute = createRoute({
  method: 'get',
  path: '/usage-reports',
  operationId: 'listUsageReports',
  tags,
  summary: 'List usage reports',
  description:
    'Every usage report from every channel (PUT /codes with JSON or CSV, the dashboard, e-mail to an intake address), applied or refused, newest first. ' +
    'A report is visible to the brands whose codes it names (a report naming none: the brands of its sender). Filters: brand_id (agency keys), group_id, channel, outcome.',
  security: bearerWithScope('codes:read'),
  middleware: [requireScope('codes:read')],
  request: { query: UsageReportListQuery },
  responses: {
    200: jsonContent(UsageReportPage, 'A page of usage reports'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const rotateRoute = createRoute({
  method: 'post',
  path: '/code-groups/{group_id}/rotate-intake',
  operationId: 'rotateCodeGroupIntake',
  tags,
  summary: "Replace a group's intake address",
  description:
    'A new unguessable intake address; mail to the old one is refused (SMTP 550) from now on.',
  security: bearerWithScope('codes:write'),
  middleware: [requireScope('codes:write')],
  request: { params: CodeGroupParams },
  responses: {
    200: jsonContent(CodeGroup, 'The group with its new intake_address'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
