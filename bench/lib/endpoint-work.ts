// The domain code of the service benchmark's writes, as the routes run it without HTTP: the
// writes' baseline (bench/parts/service.ts) and their floor (bench/lib/floor-server.ts) both run
// it, so the two measure the same work.
import { randomUUID } from 'node:crypto';
import { CampaignCreate } from '#contract/campaigns';
import { transaction } from '../../server/db/client.ts';
import { createCampaign } from '../../server/domain/campaigns.ts';
import { requestHash } from '../../server/domain/idempotency.ts';
import { reviewSubmission } from '../../server/domain/submissions.ts';
import { runIdempotent } from '../../server/services/idempotency.ts';
import type { DomainDb } from './target.ts';

/** Whose writes: the brand, its key and the campaign whose submissions are approved. */
export interface WriteContext {
  brandId: string;
  keyId: string;
  campaignId: string;
}

/** POST /campaigns/{id}/submissions/{id}/approve: the review in its transaction. */
export async function approveWork(db: DomainDb, w: WriteContext, submissionId: string) {
  return transaction(db, (tx) =>
    reviewSubmission(tx, w.campaignId, submissionId, [w.brandId], {
      to: 'approved',
      keyId: w.keyId,
    }),
  );
}

/** POST /campaigns with an Idempotency-Key: the body read by its schema, created once per key. */
export async function createCampaignWork(
  db: DomainDb,
  w: WriteContext,
  raw: unknown,
  key: string = randomUUID(),
) {
  const { brand_id: _, ...rest } = CampaignCreate.parse(raw);
  return runIdempotent(
    db,
    {
      apiKeyId: w.keyId,
      key,
      hash: requestHash('POST', '/campaigns', raw),
      now: new Date(),
    },
    async (tx) => ({
      status: 201,
      body: await createCampaign(tx, { brandId: w.brandId, body: rest }),
    }),
  );
}
