import type { CodesAdded, UsageReport } from '#contract/codes';
import { USAGE_REPORT_CHANNEL_HEADER } from '#contract/usage-reports';
import {
  codeGroupKeyset,
  codeKeyset,
  findCodeGroup,
  listCodeGroups,
  listCodes,
  toCodeGroup,
  toDiscountCode,
} from '../../domain/codes.ts';
import { reportSender, type UsageReportBody } from '../../domain/usage-reports.ts';
import { requestHash } from '../../domain/idempotency.ts';
import { cursorFilters } from '../../domain/paging.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList, listedBrands, type ListRouteDeps } from '../../http/paging.ts';
import {
  addCodes,
  addCodesOnce,
  deleteCode,
  receiveUsageReport,
  setCodeUsage,
} from '../../services/codes.ts';
import {
  listGroupsRoute,
  listCodesRoute,
  addRoute,
  reportRoute,
  reportServed,
  putOneRoute,
  deleteRoute,
} from './codes.routes.ts';

// The discount-code facility (docs/api.md#discount-codes), scopes codes:read and
// codes:write. PUT /codes takes JSON or text/csv, parsed by the contract's parseUsageCsv, the
// same parser the dashboard previews uploads with.

export interface CodeRouteDeps extends ListRouteDeps {
  /** The domain of the groups' intake addresses. */
  intakeDomain: string;
}

const isCsv = (contentType: string | undefined) =>
  contentType !== undefined && contentType.split(';')[0]!.trim().toLowerCase() === 'text/csv';

export function codeRoutes(deps: CodeRouteDeps) {
  const { db } = deps;
  const router = createRouter();
  router.openAPIRegistry.registerPath(reportRoute);
  return router
    .openapi(listGroupsRoute, async (c) => {
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'code-groups', filters: cursorFilters(q, ['brand_id']) },
          keyset: codeGroupKeyset,
          read: (page) => listCodeGroups(db, { brandIds, ...page }),
          show: (row) => toCodeGroup(row, deps.intakeDomain),
        }),
        200,
      );
    })
    .openapi(listCodesRoute, async (c) => {
      const q = c.req.valid('query');
      const auth = getAuth(c);
      if (q.group_id && !(await findCodeGroup(db, q.group_id, auth.brandIds)))
        throw notFound('Code group');
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'codes', filters: cursorFilters(q, ['group_id', 'code', 'assigned']) },
          keyset: codeKeyset,
          read: (page) => listCodes(db, { ...q, brandIds: auth.brandIds, ...page }),
          show: toDiscountCode,
        }),
        200,
      );
    })
    .openapi(addRoute, async (c) => {
      const body = c.req.valid('json');
      const auth = getAuth(c);
      const key = c.req.valid('header')['Idempotency-Key'];
      if (key === undefined) return c.json({ data: await addCodes(db, auth.brandIds, body) }, 201);
      const request = {
        apiKeyId: auth.keyId,
        key,
        hash: requestHash('POST', '/codes', await c.req.json()),
        now: new Date(),
      };
      const outcome = await addCodesOnce(db, request, auth.brandIds, body);
      c.header('Idempotent-Replay', outcome.replay ? 'true' : 'false');
      c.header('Content-Type', 'application/json');
      // The stored text is the original answer byte for byte.
      return c.body(outcome.body, outcome.status as 201) as unknown as ReturnType<
        typeof c.json<CodesAdded, 201>
      >;
    })
    .openapi(reportServed, async (c) => {
      const auth = getAuth(c);
      let body: UsageReportBody;
      if (isCsv(c.req.header('Content-Type'))) {
        body = { kind: 'csv', text: await c.req.text() };
      } else {
        const json = c.req.valid('json') as UsageReport | Record<string, never>;
        if (!('usage' in json)) {
          throw validationFailed(
            'body',
            'is required: JSON {usage: [{code, total_uses}]} or text/csv with the header code,total_uses',
          );
        }
        body = { kind: 'json', usage: json.usage };
      }
      const received = await receiveUsageReport(db, {
        channel:
          c.req.header(USAGE_REPORT_CHANNEL_HEADER)?.trim().toLowerCase() === 'dashboard'
            ? 'dashboard'
            : 'api',
        format: body.kind === 'csv' ? 'csv' : 'json',
        sender: reportSender(auth),
        scope: auth.brandIds,
        body,
      });
      if (received.duplicate) throw new Error('a report without a Message-ID was a duplicate');
      // Thrown after the commit, so the refusal stays recorded.
      if (received.refused) throw received.refused;
      const { updated, data } = received.applied!;
      return c.json({ updated, data }, 200);
    })
    .openapi(putOneRoute, async (c) => {
      const { code } = c.req.valid('param');
      const { total_uses } = c.req.valid('json');
      const scope = getAuth(c).brandIds;
      return c.json(await setCodeUsage(db, scope, code, total_uses), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { code } = c.req.valid('param');
      const scope = getAuth(c).brandIds;
      await deleteCode(db, scope, code);
      return c.json({ code, deleted: true as const }, 200);
    });
}
