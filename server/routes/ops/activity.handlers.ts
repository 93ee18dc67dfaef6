import { transaction, type Db } from '../../db/client.ts';
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

export function opsActivityRoutes(deps: {
  db: Db;
  now: () => Date;
  reviewer: Reviewer;
  inspectMedia?: boolean;
  onInspectionQueued?: () => void;
}) {
  const { db, reviewer } = deps;
  const arrival = { reviewer, inspect: deps.inspectMedia ?? false, now: deps.now };
  /** After the commit: the instance's worker takes the new job now, not at its next poll. */
  const queued = <T>(answer: T): T => {
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
    .openapi(submitRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        queued(await transaction(db, (tx) => createSubmission(tx, id, body, arrival))),
        201,
      );
    })
    .openapi(reviseRoute, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        queued(await transaction(db, (tx) => reviseSubmission(tx, id, body, arrival))),
        200,
      );
    })
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
