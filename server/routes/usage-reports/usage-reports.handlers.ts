import { transaction, type Db } from '../../db/client.ts';
import { findCodeGroup } from '../../domain/codes.ts';
import { cursorFilters } from '../../domain/paging.ts';
import {
  listUsageReports,
  rotateIntake,
  toUsageReport,
  usageReportKeyset,
} from '../../domain/usage-reports.ts';
import { notFound } from '../../errors.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList, listedBrands } from '../../http/paging.ts';
import { listRoute, rotateRoute } from './usage-reports.routes.ts';

// The record of usage reports and the groups' e-mail intake (extensions section 10): handlers.

export interface UsageReportRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
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
      const group = await transaction(db, (tx) =>
        rotateIntake(tx, scope, group_id, deps.intakeDomain),
      );
      return c.json(group, 200);
    });
}
