import { createRoute, z } from '@hono/zod-openapi';
import {
  CodeDeleted,
  CodeGroupListQuery,
  CodeGroupPage,
  CodeListQuery,
  CodeUsageUpdate,
  CodesAdd,
  CodesAdded,
  DiscountCode,
  DiscountCodePage,
  MAX_USAGE_ROWS,
  UsageReport,
  UsageReportResult,
} from '#contract/codes';
import { IdempotencyKey } from '#contract/common';
import { CodeParams } from '#contract/params';
import { USAGE_REPORT_CHANNEL_HEADER } from '#contract/usage-reports';
import {
  API_ERRORS,
  apiRoutes,
  bearerWithScope,
  errorResponses,
  jsonBody,
  jsonContent,
  withScope,
} from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const tags = ['Discount codes'];
const codes = apiRoutes({ tags, read: 'codes:read', write: 'codes:write' });

export const listGroupsRoute = codes.read({
  method: 'get',
  path: '/code-groups',
  operationId: 'listCodeGroups',
  summary: 'List code groups',
  description:
    'Groups are created on the platform side. Newest first, then id. Agency keys may narrow to one brand.',
  request: { query: CodeGroupListQuery },
  responses: { 200: jsonContent(CodeGroupPage, 'A page of code groups', examples.codeGroupsPage) },
});

export const listCodesRoute = codes.read({
  method: 'get',
  path: '/codes',
  operationId: 'listCodes',
  summary: 'List discount codes',
  description: 'In code order (byte order). Filters: group_id, code (repeatable), assigned.',
  request: { query: CodeListQuery },
  responses: { 200: jsonContent(DiscountCodePage, 'A page of codes', examples.discountCodesPage) },
});

export const addRoute = codes.write({
  method: 'post',
  path: '/codes',
  operationId: 'addCodes',
  summary: 'Add codes to a group',
  description:
    "1 to 1000 codes, all or nothing: a code present anywhere answers 409 code_exists naming it, and nothing is added. user_description defaults to the group's.",
  request: {
    headers: z.object({
      'Idempotency-Key': IdempotencyKey.optional().meta({
        description:
          'Makes adding safe to retry: within 24 hours the same key (for this credential) with the same body ' +
          'answers the original response with Idempotent-Replay: true instead of 409 code_exists; another body ' +
          'answers 409 idempotency_conflict, and while the first request runs 409 idempotency_in_progress.',
      }),
    }),
    body: jsonBody(CodesAdd, examples.codesAdd),
  },
  responses: {
    201: {
      ...jsonContent(CodesAdded, 'The added codes', examples.codesAdded),
      headers: z.object({
        'Idempotent-Replay': z.enum(['true', 'false']).optional().meta({
          description:
            'With an Idempotency-Key: true when this is the stored answer of an earlier request',
        }),
      }),
    },
  },
});

const CsvBody = z.string().meta({
  description: `A CSV file whose first line is the header \`code,total_uses\` (columns in any order, extra columns ignored), then 1 to ${MAX_USAGE_ROWS} rows. UTF-8, BOM, CRLF, quoted fields and blank lines are accepted; a code may appear once.`,
  example: 'code,total_uses\nGLOW-ANNA,42\nGLOW-BEN,7\n',
});

const reportDescription =
  'Totals, all or nothing: a total lower than the stored one answers 422 usage_decrease naming the code, an unknown code or a bad row 422 validation_failed; ' +
  'every problem is listed (JSON: `usage[i]`, CSV: `line n`) and nothing changes. Each increase pays the assigned creator commission_cents per new use, ' +
  "added to the code's earnings_cents, the creator's spend_cents and the campaign's spent_cents in the same transaction. `updated` counts the codes whose total grew. " +
  'Every report, applied or refused, is recorded (GET /usage-reports); the dashboard marks its uploads with `Usage-Report-Channel: dashboard`.';

const reportDoc = {
  method: 'put',
  path: '/codes',
  operationId: 'reportCodeUsage',
  tags,
  summary: 'Report the usage of many codes (JSON or CSV)',
  description: reportDescription,
  security: bearerWithScope('codes:write'),
  request: {
    headers: z.object({
      [USAGE_REPORT_CHANNEL_HEADER.toLowerCase()]: z.enum(['api', 'dashboard']).optional().meta({
        description: 'the channel the report is recorded under; `api` when absent',
      }),
    }),
    body: {
      required: true,
      content: {
        'application/json': { schema: UsageReport, example: examples.usageReport },
        'text/csv': { schema: CsvBody, example: 'code,total_uses\nGLOW-ANNA,42\nGLOW-BEN,7\n' },
      },
    },
  },
  responses: {
    200: jsonContent(UsageReportResult, 'The reported codes', examples.usageReportResult),
    ...errorResponses(...API_ERRORS.write),
  },
} as const;
export const reportRoute = createRoute(reportDoc);
// Served with an optional JSON body so a CSV is not refused by the JSON validator; documented above.
export const reportServed = createRoute({
  ...reportDoc,
  hide: true,
  middleware: withScope('codes:write').middleware,
  request: { ...reportDoc.request, body: { ...reportDoc.request.body, required: false } },
});

export const putOneRoute = codes.write({
  method: 'put',
  path: '/codes/{code}',
  operationId: 'reportOneCodeUsage',
  summary: "Report one code's usage",
  description:
    'Sent each time the code is used: its new total. Lower than the stored total: 422 usage_decrease, nothing changes.',
  request: { params: CodeParams, body: jsonBody(CodeUsageUpdate, examples.codeUsageUpdate) },
  responses: { 200: jsonContent(DiscountCode, 'The code', examples.reportedCode) },
});

export const deleteRoute = codes.decide({
  method: 'delete',
  path: '/codes/{code}',
  operationId: 'deleteCode',
  summary: 'Delete a code',
  description: 'An assigned code cannot be deleted: 409 code_assigned.',
  request: { params: CodeParams },
  responses: { 200: jsonContent(CodeDeleted, 'The code is deleted', examples.codeDeleted) },
});
