import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Scope } from '#contract/me';
import type { Db } from '../db/client.ts';
import { apiKeyCacheOf, type ApiKeyCache } from '../domain/key-cache.ts';
import { apiKeyResolver, hashApiKey } from '../domain/keys.ts';
import { actorOf, isSessionToken, sessionResolver } from '../domain/people.ts';
import { setAuditActor } from '../db/audit-context.ts';
import { actsForBrand, hasScope, type AuthContext } from '../domain/tenancy.ts';
import { ApiError, fieldsRefused } from '../errors.ts';
import type { AppEnv } from './context.ts';
import { credentialRefused } from './throttle.ts';

const BEARER = /^Bearer +([\x21-\x7e]{1,512}) *$/i;

/**
 * The token of an `Authorization: Bearer <token>` header; 401 `unauthenticated` otherwise. A
 * header that is there but malformed is a wrong credential (credentialRefused); none is not.
 */
export function bearerToken(c: Context<AppEnv>, what: 'API key' | 'ops token' = 'API key'): string {
  const header = c.req.header('Authorization');
  if (header === undefined || header.trim() === '') {
    throw new ApiError(
      401,
      'unauthenticated',
      `Missing ${what}: send the header Authorization: Bearer <${what}>`,
    );
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    credentialRefused(c);
    throw new ApiError(
      401,
      'unauthenticated',
      `Malformed Authorization header: expected "Bearer <${what}>"`,
    );
  }
  return match[1];
}

/**
 * Resolves the API key of every /2026-07 request to the key's scopes and brands and puts it in
 * the context as `auth`. Missing, malformed, unknown or revoked: 401 `unauthenticated`.
 * The ops token is not an API key and answers 401 like any unknown key. Brand keys are kept
 * briefly in `cache` (default: the one of this database handle; see key-cache.ts).
 */
export function apiKeyAuth(
  db: Db,
  options: {
    publicPaths?: readonly string[];
    /** Public routes with a parameter (an invitation's accept), matched by method and path. */
    isPublic?: (method: string, path: string) => boolean;
    cache?: ApiKeyCache;
    now?: () => Date;
  } = {},
): MiddlewareHandler<AppEnv> {
  const publicPaths = new Set(options.publicPaths ?? []);
  const resolveApiKey = apiKeyResolver(db);
  const resolveSession = sessionResolver(db, options.now ?? (() => new Date()));
  const cache = options.cache ?? apiKeyCacheOf(db);
  return async (c, next) => {
    if (publicPaths.has(c.req.path) || options.isPublic?.(c.req.method, c.req.path)) return next();
    const token = bearerToken(c);
    const hash = hashApiKey(token);
    // Sessions are read at each request, never kept: a sign-out or a removal applies at once.
    const auth = isSessionToken(token)
      ? await resolveSession(hash)
      : await cache.resolve(hash, () => resolveApiKey(hash));
    if (!auth) {
      credentialRefused(c);
      throw new ApiError(
        401,
        'unauthenticated',
        isSessionToken(token) ? 'Unknown, ended or expired session' : 'Unknown or revoked API key',
      );
    }
    c.set('auth', auth);
    setAuditActor(actorOf(auth));
    await next();
  };
}

/** The caller's key; only on routes behind apiKeyAuth. */
export function getAuth(c: Context<AppEnv>): AuthContext {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'unauthenticated', 'Missing API key');
  return auth;
}

/** Route middleware: 403 `missing_scope` unless the key carries `scope`. */
export function requireScope(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasScope(getAuth(c), scope)) {
      throw new ApiError(
        403,
        'missing_scope',
        getAuth(c).member
          ? `Your role (${getAuth(c).member!.role}) lacks the scope ${scope}`
          : `This key lacks the scope ${scope}`,
      );
    }
    await next();
  };
}

/** For a brand_id the caller names (body, filter): 403 `brand_not_managed` unless the key acts for it. */
export function assertBrandManaged(c: Context<AppEnv>, brandId: string, field = 'brand_id'): void {
  if (!actsForBrand(getAuth(c), brandId)) {
    throw fieldsRefused(403, 'brand_not_managed', [
      { field, message: `this key does not manage brand ${brandId}` },
    ]);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Guards /ops with the ops token (constant-time comparison); API keys answer 401 there. */
export function opsAuth(
  opsToken: string,
  options: { publicPaths?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const expected = sha256(opsToken);
  const publicPaths = new Set(options.publicPaths ?? []);
  return async (c, next) => {
    if (publicPaths.has(c.req.path)) return next();
    const token = bearerToken(c, 'ops token');
    if (!timingSafeEqual(sha256(token), expected)) {
      credentialRefused(c);
      throw new ApiError(401, 'unauthenticated', 'Invalid ops token');
    }
    setAuditActor({ type: 'ops', id: null, label: 'ops' });
    await next();
  };
}
