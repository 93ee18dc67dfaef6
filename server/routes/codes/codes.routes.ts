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
  parseUsageCsv,
} from '#contract/codes';
import { CodeParams } from '#contract/params';
import { transaction, type Db } from '../../db/client.ts';
import {
  addCodes,
  deleteCode,
  findCodeGroup,
  getCode,
  listCodeGroups,
  listCodes,
  reportUsage,
  toCodeGroup,
  toDiscountCode,
  type UsageInput,
} from '../../domain/codes.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { ApiError, notFound, validationFailed } from '../../errors.ts';
import { assertBrandManaged, getAuth, requireScope } from '../../http/auth.ts';
import {
  bearerWithScope,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../http/openapi.ts';

// The discount-code facility (interface 4.3, extensions section 4), scopes codes:read and
// codes:write. PUT /codes takes JSON or text/csv, parsed by the contract's parseUsageCsv, the
// same parser the dashboard previews uploads with.

export interface CodeRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

const tags = ['Discount codes'];
const read = { security: bearerWithScope('codes:read'), middleware: [requireScope('codes:read')] };
const write = {
  security: bearerWithScope('codes:write'),
  middleware: [requireScope('codes:write')],
};
const writeErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429);

const listGroupsRoute = createRoute({
  method: 'get',
  path: '/code-groups',
  operationId: 'listCodeGroups',
  tags,
  summary: 'List code groups',
  description:
    'Groups are created on the platform side. Newest first, then id. Agency keys may narrow to one brand.',
  ...read,
  request: { query: CodeGroupListQuery },
  responses: {
    200: jsonContent(CodeGroupPage, 'A page of code groups'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const listCodesRoute = createRoute({
  method: 'get',
  path: '/codes',
  operationId: 'listCodes',
  tags,
  summary: 'List discount codes',
  description: 'In code order (byte order). Filters: group_id, code (repeatable), assigned.',
  ...read,
  request: { query: CodeListQuery },
  responses: {
    200: jsonContent(DiscountCodePage, 'A page of codes'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const addRoute = createRoute({
  method: 'post',
  path: '/codes',
  operationId: 'addCodes',
  tags,
  summary: 'Add codes to a group',
  description:
    "1 to 1000 codes, all or nothing: a code present anywhere answers 409 code_exists naming it, and nothing is added. user_description defaults to the group's.",
  ...write,
  request: { body: jsonBody(CodesAdd) },
  responses: { 201: jsonContent(CodesAdded, 'The added codes'), ...writeErrors },
});

const CsvBody = z.string().meta({
  description: `A CSV file whose first line is the header \`code,total_uses\` (columns in any order, extra columns ignored), then 1 to ${MAX_USAGE_ROWS} rows. UTF-8, BOM, CRLF, quoted fields and blank lines are accepted; a code may appear once.`,
  example: 'code,total_uses\nGLOW-ANNA,42\nGLOW-BEN,7\n',
});

const reportDescription =
  'Totals, all or nothing: a total lower than the stored one answers 422 usage_decrease naming the code, an unknown code or a bad row 422 validation_failed; ' +
  'every problem is listed (JSON: `usage[i]`, CSV: `line n`) and nothing changes. Each increase pays the assigned creator commission_cents per new use, ' +
  "added to the code's earnings_cents, the creator's spend_cents and the campaign's spent_cents in the same transaction. `updated` counts the codes whose total grew.";

const reportDoc = {
  method: 'put',
  path: '/codes',
  operationId: 'reportCodeUsage',
  tags,
  summary: 'Report the usage of many codes (JSON or CSV)',
  description: reportDescription,
  security: bearerWithScope('codes:write'),
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: UsageReport }, 'text/csv': { schema: CsvBody } },
    },
  },
  responses: { 200: jsonContent(UsageReportResult, 'The reported codes'), ...writeErrors },
} as const;
const reportRoute = createRoute(reportDoc);
// Served with an optional JSON body so a CSV is not refused by the JSON validator; documented above.
const reportServed = createRoute({
  ...reportDoc,
  hide: true,
  middleware: write.middleware,
  request: { body: { ...reportDoc.request.body, required: false } },
});

const putOneRoute = createRoute({
  method: 'put',
  path: '/codes/{code}',
  operationId: 'reportOneCodeUsage',
  tags,
  summary: "Report one code's usage",
  description:
    'Sent each time the code is used: its new total. Lower than the stored total: 422 usage_decrease, nothing changes.',
  ...write,
  request: { params: CodeParams, body: jsonBody(CodeUsageUpdate) },
  responses: { 200: jsonContent(DiscountCode, 'The code'), ...writeErrors },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/codes/{code}',
  operationId: 'deleteCode',
  tags,
  summary: 'Delete a code',
  description: 'An assigned code cannot be deleted: 409 code_assigned.',
  ...write,
  request: { params: CodeParams },
  responses: {
    200: jsonContent(CodeDeleted, 'The code is deleted'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

const isCsv = (contentType: string | undefined) =>
  contentType !== undefined && contentType.split(';')[0]!.trim().toLowerCase() === 'text/csv';

export function codeRoutes(deps: CodeRouteDeps) {
  const { db } = deps;
  const router = createRouter();
  router.openAPIRegistry.registerPath(reportRoute);
  return router
    .openapi(listGroupsRoute, async (c) => {
      const q = c.req.valid('query');
      const auth = getAuth(c);
      if (q.brand_id) assertBrandManaged(c, q.brand_id);
      const brandIds = q.brand_id ? [q.brand_id] : auth.brandIds;
      const scope: CursorScope = { list: 'code-groups', filters: { brand_id: q.brand_id ?? null } };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([createdAt, id]) => ({ createdAt: String(createdAt), id: String(id) }))(
            decodeCursor(secret, scope, q.starting_after, ['string', 'string']),
          )
        : undefined;
      const { rows, hasMore } = await listCodeGroups(db, { brandIds, after, limit: q.limit });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toCodeGroup),
          has_more: hasMore,
          next_cursor:
            hasMore && last ? encodeCursor(secret, scope, [last.createdAt, last.id]) : null,
        },
        200,
      );
    })
    .openapi(listCodesRoute, async (c) => {
      const q = c.req.valid('query');
      const auth = getAuth(c);
      if (q.group_id && !(await findCodeGroup(db, q.group_id, auth.brandIds)))
        throw notFound('Code group');
      const codes = q.code ? [...new Set(q.code)].sort() : undefined;
      const scope: CursorScope = {
        list: 'codes',
        filters: {
          group_id: q.group_id ?? null,
          code: codes ?? null,
          assigned: q.assigned ?? null,
        },
      };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? String(decodeCursor(secret, scope, q.starting_after, ['string'])[0])
        : undefined;
      const { rows, hasMore } = await listCodes(db, {
        brandIds: auth.brandIds,
        groupId: q.group_id,
        codes,
        assigned: q.assigned,
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toDiscountCode),
          has_more: hasMore,
          next_cursor: hasMore && last ? encodeCursor(secret, scope, [last.code]) : null,
        },
        200,
      );
    })
    .openapi(addRoute, async (c) => {
      const body = c.req.valid('json');
      const scope = getAuth(c).brandIds;
      return c.json({ data: await transaction(db, (tx) => addCodes(tx, scope, body)) }, 201);
    })
    .openapi(reportServed, async (c) => {
      const scope = getAuth(c).brandIds;
      let entries: UsageInput[];
      let fields: { fieldOfCode?: string; fieldOfTotal?: string } = {};
      if (isCsv(c.req.header('Content-Type'))) {
        const { rows, errors } = parseUsageCsv(await c.req.text());
        if (errors.length > 0) {
          throw new ApiError(
            422,
            'validation_failed',
            errors.map((e) => `line ${e.line}: ${e.message}`).join('; '),
          );
        }
        entries = rows.map((r) => ({
          code: r.code,
          totalUses: r.total_uses,
          where: `line ${r.line}`,
        }));
        fields = { fieldOfCode: '', fieldOfTotal: '' };
      } else {
        const body = c.req.valid('json') as UsageReport | Record<string, never>;
        if (!('usage' in body)) {
          throw validationFailed(
            'body',
            'is required: JSON {usage: [{code, total_uses}]} or text/csv with the header code,total_uses',
          );
        }
        entries = body.usage.map((u, i) => ({
          code: u.code,
          totalUses: u.total_uses,
          where: `usage[${i}]`,
        }));
      }
      return c.json(await transaction(db, (tx) => reportUsage(tx, scope, entries, fields)), 200);
    })
    .openapi(putOneRoute, async (c) => {
      const { code } = c.req.valid('param');
      const { total_uses } = c.req.valid('json');
      const scope = getAuth(c).brandIds;
      const result = await transaction(db, async (tx) => {
        await getCode(tx, code, scope);
        return reportUsage(tx, scope, [{ code, totalUses: total_uses, where: '' }], {
          fieldOfCode: 'code',
          fieldOfTotal: 'total_uses',
        });
      });
      return c.json(result.data[0]!, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { code } = c.req.valid('param');
      const scope = getAuth(c).brandIds;
      await transaction(db, (tx) => deleteCode(tx, scope, code));
      return c.json({ code, deleted: true as const }, 200);
    });
}
