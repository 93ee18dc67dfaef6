import { z } from 'zod';
import { CreatorId, Uuid } from './common.ts';

/** Path parameters of the routes, so the OpenAPI document shows their formats. */
export const CampaignParams = z.object({ campaign_id: Uuid });
export type CampaignParams = z.infer<typeof CampaignParams>;

export const TaskParams = z.object({ campaign_id: Uuid, task_id: Uuid });
export type TaskParams = z.infer<typeof TaskParams>;

export const SubmissionParams = z.object({ campaign_id: Uuid, submission_id: Uuid });
export type SubmissionParams = z.infer<typeof SubmissionParams>;

export const CreatorParams = z.object({ campaign_id: Uuid, creator_id: CreatorId });
export type CreatorParams = z.infer<typeof CreatorParams>;

/** A targeting property id: a UUID or a short slug, passed back exactly as listed. */
export const PropertyParams = z.object({ property_id: z.string().min(1).max(100) });
export type PropertyParams = z.infer<typeof PropertyParams>;

/**
 * `{code}` of `/codes/{code}` and `/ops/codes/{code}`: any text, since a code that does not exist
 * answers 404; read in upper case like every code (docs/decisions/0169-codes-in-upper-case.md).
 */
export const CodeParams = z.object({ code: z.string().min(1).max(64).toUpperCase() });
export type CodeParams = z.infer<typeof CodeParams>;

/** `{id}` of the `/ops` routes (campaigns, submissions, posts). */
export const IdParams = z.object({ id: Uuid });
export type IdParams = z.infer<typeof IdParams>;

export const KeyParams = z.object({ key_id: Uuid });
export type KeyParams = z.infer<typeof KeyParams>;
