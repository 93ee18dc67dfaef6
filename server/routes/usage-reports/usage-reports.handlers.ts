import { findCodeGroup } from '../../domain/codes.ts';
import { cursorFilters } from '../../domain/paging.ts';
import { listUsageReports, toUsageReport, usageReportKeyset } from '../../domain/usage-reports.ts';
import { notFound } from '../../errors.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList, listedBrands, type ListRouteDeps } from '../../http/paging.ts';
import { rotateIntake } from '../../services/codes.ts';
import { listRoute, rotateRoute } from './usage-reports.routes.ts';

// The record of usage reports and the groups' e-mail intake (docs/usage-reports.md): handlers.

export interface UsageReportRouteDeps extends ListRouteDeps {
  intakeDomain: string;
}

export function usageReportRoutes(deps: UsageReportRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      if (q.group_id && !(await findCodeGroup(db, q.group_id, brandIds)))
        throw notFound('Code group');
      const filters = cursorFilters(q, ['brand_id', 'group_id', 'channel', 'outcome']);
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'usage-reports', filters },
          keyset: usageReportKeyset,
          read: (page) => listUsageReports(db, { ...q, brandIds, ...page }),
          show: toUsageReport,
        }),
        200,
      );
    })
    .openapi(rotateRoute, async (c) => {
      const { group_id } = c.req.valid('param');
      const scope = getAuth(c).brandIds;
      const group = await rotateIntake(db, scope, group_id, deps.intakeDomain);
      return c.json(group, 200);
    });
}
