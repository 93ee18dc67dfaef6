import { z } from 'zod';
import { Uuid } from './common.ts';

/** Scopes a key may carry (extensions section 2). */
export const Scope = z.enum([
  'campaigns:read',
  'campaigns:write',
  'submissions:write',
  'creators:write',
  'codes:read',
  'codes:write',
]);
export type Scope = z.infer<typeof Scope>;
export const ALL_SCOPES: readonly Scope[] = Scope.options;

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
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
