import { CodeGroup } from '#contract/codes';
import { CodeGroupParams, UsageReportListQuery, UsageReportPage } from '#contract/usage-reports';
import { apiRoutes, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// The record of usage reports and the groups' e-mail intake (docs/usage-reports.md): definitions.

const reports = apiRoutes({ tags: ['Discount codes'], read: 'codes:read', write: 'codes:write' });

export const listRoute = reports.read({
  method: 'get',
  path: '/usage-reports',
  operationId: 'listUsageReports',
  summary: 'List usage reports',
  description:
    'Every usage report from every channel (PUT /codes with JSON or CSV, the dashboard, e-mail to an intake address), applied or refused, newest first. ' +
    'A report is visible to the brands whose codes it names (a report naming none: the brands of its sender). Filters: brand_id (agency keys), group_id, channel, outcome.',
  request: { query: UsageReportListQuery },
  responses: {
    200: jsonContent(UsageReportPage, 'A page of usage reports', examples.usageReportsPage),
  },
});

export const rotateRoute = reports.other({
  method: 'post',
  path: '/code-groups/{group_id}/rotate-intake',
  operationId: 'rotateCodeGroupIntake',
  summary: "Replace a group's intake address",
  description:
    'A new unguessable intake address; mail to the old one is refused (SMTP 550) from now on.',
  request: { params: CodeGroupParams },
  responses: {
    200: jsonContent(CodeGroup, 'The group with its new intake_address', examples.rotatedCodeGroup),
  },
  errors: [400, 401, 403, 404, 429],
});
