import { z } from 'zod';
import { Uuid } from './common.ts';

/** Scopes a key may carry (docs/api.md#keys-brands-and-scopes, docs/api.md#people). */
export const Scope = z.enum([
  'campaigns:read',
  'campaigns:write',
  'submissions:write',
  'creators:write',
  'codes:read',
  'codes:write',
  'members:write',
  'keys:write',
]);
export type Scope = z.infer<typeof Scope>;
export const ALL_SCOPES: readonly Scope[] = Scope.options;

/** A member's role (docs/api.md#people); ROLE_SCOPES in people.ts says what each may do. */
export const Role = z.enum(['admin', 'manager', 'reviewer', 'viewer']).meta({
  id: 'Role',
  description:
    "A member's role, which gives a signed-in member's session its scopes: admin, manager, reviewer or viewer (docs/api.md#people).",
});
export type Role = z.infer<typeof Role>;

/**
 * A side of the brand–agency relationship, the one name for it (docs/decisions/0113): a key's
 * `kind`, the side a reviewer decides for, and the side a submission in review `awaiting`.
 */
export const Side = z.enum(['brand', 'agency']);
export type Side = z.infer<typeof Side>;

export const BrandRef = z
  .object({ id: Uuid, name: z.string() })
  .meta({ id: 'BrandRef', description: 'A brand the credential acts for: its id and name.' });
export type BrandRef = z.infer<typeof BrandRef>;

/** `GET /me`: who the key is and which brands it acts for. */
export const Me = z
  .object({
    key: z.object({
      id: Uuid,
      kind: Side,
      scopes: z.array(Scope),
      prefix: z.string().meta({ description: 'the first characters of the key, safe to show' }),
    }),
    agency: z.object({ id: Uuid, name: z.string() }).nullable(),
    brands: z.array(BrandRef),
    member: z
      .union([
        z.object({
          id: Uuid,
          email: z.string(),
          name: z.string(),
          role: Role,
        }),
        z.null(),
      ])
      .meta({ description: 'the signed-in member (a session), or null for an API key' }),
  })
  .meta({
    id: 'Me',
    description:
      'Who the credential is: the key (or session) with its kind, scopes and shown prefix, its agency, the brands it acts for, and the signed-in member (null for an API key).',
  });
export type Me = z.infer<typeof Me>;
