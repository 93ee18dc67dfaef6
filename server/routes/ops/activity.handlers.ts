import type { Submission } from '#contract/submissions';
import { transaction, type Db, type Tx } from '../../db/client.ts';
import { applyToCampaign, createCreator } from '../../domain/creators.ts';
import { createPayout } from '../../domain/payouts.ts';
import { createPost, takeDownPost, updateMetrics } from '../../domain/posts.ts';
import type { Reviewer } from '../../domain/reviewer.ts';
import { createSubmission, failSubmission, reviseSubmission } from '../../domain/submissions.ts';
import { createRouter } from '../../http/openapi.ts';
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
export interface OpsActivityDeps {
  db: Db;
  now: () => Date;
  reviewer: Reviewer;
  inspectMedia?: boolean;
  onInspectionQueued?: () => void;
}

export function opsActivityRoutes(deps: OpsActivityDeps) {
  const { db, reviewer } = deps;
  const arrival = { reviewer, inspect: deps.inspectMedia ?? false, now: deps.now };
  /**
   * Content arriving (a submission, a revision) through `write`; after the commit the instance's
   * worker takes a new inspection job now, not at its next poll.
   */
  const arrive = async <Body>(
    write: (tx: Tx, id: string, body: Body, ctx: typeof arrival) => Promise<Submission>,
    id: string,
    body: Body,
  ) => {
    const answer = await transaction(db, (tx) => write(tx, id, body, arrival));
    if (arrival.inspect) deps.onInspectionQueued?.();
    return answer;
  };
  return createRouter()
    .openapi(createCreatorRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await transaction(db, (tx) => createCreator(tx, body)), 201);
    })
    .openapi(applyRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { creator_id } = c.req.valid('json');
      return c.json(await transaction(db, (tx) => applyToCampaign(tx, id, creator_id)), 201);
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
      return c.json(await transaction(db, (tx) => failSubmission(tx, id, reason)), 200);
    })
    .openapi(postRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await transaction(db, (tx) => createPost(tx, id, body)), 201);
    })
    .openapi(metricsRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await transaction(db, (tx) => updateMetrics(tx, id, body)), 200);
    })
    .openapi(takeDownRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await transaction(db, (tx) => takeDownPost(tx, id)), 200);
    })
    .openapi(payoutRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await transaction(db, (tx) => createPayout(tx, body)), 201);
    });
}
