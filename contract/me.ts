import { z } from 'zod';
import { Uuid } from './common.ts';

/** Scopes a key may carry (extensions sections 2 and 11). */
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

/** A member's role (section 11); ROLE_SCOPES in people.ts says what each may do. */
export const Role = z.enum(['admin', 'manager', 'reviewer', 'viewer']).meta({ id: 'Role' });
export type Role = z.infer<typeof Role>;

export const KeyKind = z.enum(['brand', 'agency']);
export type KeyKind = z.infer<typeof KeyKind>;

export const BrandRef = z.object({ id: Uuid, name: z.string() }).meta({ id: 'BrandRef' });
export type BrandRef = z.infer<typeof BrandRef>;

/** `GET /me`: who the key is and which brands it acts for. */
export const Me = z
  .object({
    key: z.object({
      id: Uuid,
      kind: KeyKind,
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
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
