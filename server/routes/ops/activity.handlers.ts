import type { Submission } from '#contract/submissions';

import type { Reviewer } from '../../domain/reviewer.ts';
import type { ArrivalContext } from '../../domain/submissions.ts';
import { createRouter } from '../../http/openapi.ts';
import type { RouteDeps } from '../../http/context.ts';
import { applyToCampaign, createCreator } from '../../services/creators.ts';
import { createPayout, createPost, takeDownPost, updateMetrics } from '../../services/posts.ts';
import { createSubmission, failSubmission, reviseSubmission } from '../../services/submissions.ts';
import {
  createCreatorRoute,
  applyRoute,
  submitRoute,
  reviseRoute,
  failRoute,
  postRoute,
  metricsRoute,
  takeDownRoute,
  payoutRoute,
} from './activity.routes.ts';

/** What the platform's activity needs: where content arrives and who reviews it. */
export interface OpsActivityDeps extends RouteDeps {
  now: () => Date;
  reviewer: Reviewer;
  inspectMedia?: boolean;
  onInspectionQueued?: () => void;
}

export function opsActivityRoutes(deps: OpsActivityDeps) {
  const { db, reviewer } = deps;
  const arrival: ArrivalContext = { reviewer, inspect: deps.inspectMedia ?? false, now: deps.now };
  /**
   * Content arriving (a submission, a revision) through `write`; after the commit the instance's
   * worker takes a new inspection job now, not at its next poll.
   */
  const arrive = async <Body>(
    write: (
      db: RouteDeps['db'],
      id: string,
      body: Body,
      ctx: ArrivalContext,
    ) => Promise<Submission>,
    id: string,
    body: Body,
  ) => {
    const answer = await write(db, id, body, arrival);
    if (arrival.inspect) deps.onInspectionQueued?.();
    return answer;
  };
  return createRouter()
    .openapi(createCreatorRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await createCreator(db, body), 201);
    })
    .openapi(applyRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { creator_id } = c.req.valid('json');
      return c.json(await applyToCampaign(db, id, creator_id), 201);
    })
    .openapi(submitRoute, async (c) =>
      c.json(await arrive(createSubmission, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(reviseRoute, async (c) =>
      c.json(await arrive(reviseSubmission, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(failRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(await failSubmission(db, id, reason), 200);
    })
    .openapi(postRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await createPost(db, id, body), 201);
    })
    .openapi(metricsRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await updateMetrics(db, id, body), 200);
    })
    .openapi(takeDownRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await takeDownPost(db, id), 200);
    })
    .openapi(payoutRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await createPayout(db, body), 201);
    });
}
