import { transaction, type Db } from '../../db/client.ts';
import { findCodeGroup } from '../../domain/codes.ts';
import type { CursorScope } from '../../domain/cursor.ts';
import {
  listUsageReports,
  rotateIntake,
  toUsageReport,
  usageReportKeyset,
} from '../../domain/usage-reports.ts';
import { notFound } from '../../errors.ts';
import { assertBrandManaged, getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList } from '../../http/paging.ts';
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
      const auth = getAuth(c);
      if (q.brand_id) assertBrandManaged(c, q.brand_id);
      const brandIds = q.brand_id ? [q.brand_id] : auth.brandIds;
      if (q.group_id && !(await findCodeGroup(db, q.group_id, brandIds)))
        throw notFound('Code group');
      const scope: CursorScope = {
        list: 'usage-reports',
        filters: {
          brand_id: q.brand_id ?? null,
          group_id: q.group_id ?? null,
          channel: q.channel ?? null,
          outcome: q.outcome ?? null,
        },
      };
      return c.json(
        await answerList(deps.cursorSecret, q, {
          scope,
          keyset: usageReportKeyset,
          read: (page) =>
            listUsageReports(db, {
              brandIds,
              groupId: q.group_id,
              channel: q.channel,
              outcome: q.outcome,
              ...page,
            }),
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
