import { z } from 'zod';
import { Uuid } from './common.ts';
import { KeyKind, Scope } from './me.ts';
import { TargetingPropertyKind, TargetingValue } from './targeting.ts';

/** Bodies and answers of the platform side (`/ops`, extensions section 5): tenancy and keys. */
export const OpsBrandCreate = z.object({ name: z.string().trim().min(1).max(200) }).strict();
export const OpsBrand = z.object({ id: Uuid, name: z.string() }).meta({ id: 'OpsBrand' });
export type OpsBrand = z.infer<typeof OpsBrand>;

export const OpsAgencyCreate = z
  .object({ name: z.string().trim().min(1).max(200), brand_ids: z.array(Uuid).max(1000) })
  .strict();
export const OpsAgency = z
  .object({ id: Uuid, name: z.string(), brand_ids: z.array(Uuid) })
  .meta({ id: 'OpsAgency' });
export type OpsAgency = z.infer<typeof OpsAgency>;

export const OpsKeyCreate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('brand'), brand_id: Uuid, scopes: z.array(Scope).optional() }).strict(),
  z.object({ kind: z.literal('agency'), agency_id: Uuid, scopes: z.array(Scope).optional() }).strict(),
]);
export type OpsKeyCreate = z.infer<typeof OpsKeyCreate>;

/** The one answer that carries the whole key; it is never shown again. */
export const OpsKeyCreated = z
  .object({ id: Uuid, key: z.string(), prefix: z.string(), kind: KeyKind, scopes: z.array(Scope) })
  .meta({ id: 'OpsKeyCreated' });
export type OpsKeyCreated = z.infer<typeof OpsKeyCreated>;

export const OpsKeyRevoked = z
  .object({ id: Uuid, revoked_at: z.string() })
  .meta({ id: 'OpsKeyRevoked' });

export const OpsTargetingPropertyCreate = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, { error: 'must be a short slug (a-z, 0-9, _ and -)' })
      .optional(),
    name: z.string().trim().min(1).max(200),
    kind: TargetingPropertyKind,
    values: z.array(TargetingValue).max(1000).optional(),
  })
  .strict();
export type OpsTargetingPropertyCreate = z.infer<typeof OpsTargetingPropertyCreate>;
