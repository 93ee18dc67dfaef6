// What every operation of a generated OpenAPI document shares, added once to the document rather
// than to each route: the headers the middleware sends and the statuses it may answer.

interface Operation {
  operationId?: string;
  parameters?: { name?: string; in?: string }[];
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
}
type Document = {
  info: Record<string, unknown>;
  tags?: { name: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const ERROR = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
});
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

const HEADERS = {
  'X-Request-Id': {
    description:
      'The id of this request (the one sent, when valid, else a new one), also in the logs.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'The remaining budget of the key: `"default";r=<remaining>;t=<seconds to reset>`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The key’s budget: `"default";q=<requests>;w=<window seconds>`.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds until the budget resets.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const ALLOW = {
  description: 'The methods the path takes (`GET, POST`).',
  schema: { type: 'string' },
};

/**
 * Public operations whose answers are counted by a limit all the same (the sign-in limits,
 * docs/api.md#sign-in-limits): every answer carries the RateLimit headers, 401 included.
 */
const LIMITED_PUBLIC = new Set(['createSession', 'acceptInvitation']);

const TAGS: Record<string, string> = {
  Campaigns: 'Campaigns of the brands a key acts for, and their lifecycle.',
  Tasks: 'The tasks of a campaign: what creators are asked to post.',
  Targeting: 'The targeting properties and values a campaign may use.',
  Creators: 'Creators who applied to a campaign, and the decision on them.',
  Submissions: 'Content creators submit for review.',
  Posts: 'Published content and its metrics.',
  Metrics: 'A campaign’s totals over time.',
  'Discount codes': 'Discount codes, their groups and their usage reports.',
  Payouts: 'What creators earned, from discount codes and payouts, with totals.',
  Events: 'Live changes as Server-Sent Events.',
  Me: 'The key itself.',
  Meta: 'The OpenAPI document.',
  Ops: 'The platform side: tenancy, keys, campaign review, creator activity.',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Adds to every operation the X-Request-Id header, the RateLimit headers (`rateLimited`: on
 * answers to a key and on the limited public operations; `limitedByAddress`: on every answer,
 * as `/ops` counts each client address), Retry-After on 429, and the answers of the middleware
 * and of the HTTP server: 400 (an undeclared query parameter), 405 with `Allow`, 408, 413 on
 * writes, 429, 431 and 500. Lists every tag used, with the contact of the service.
 */
export function applyConventions<D extends object>(
  doc: D,
  options: { rateLimited: boolean; limitedByAddress?: boolean },
): D {
  const d = doc as D & Document;
  const limited = options.rateLimited || options.limitedByAddress === true;
  d.info.contact = { name: 'Campaign Console' };
  d.components ??= {};
  d.components.headers = limited
    ? { ...HEADERS, Allow: ALLOW }
    : { 'X-Request-Id': HEADERS['X-Request-Id'], Allow: ALLOW };
  const tags = new Set<string>();
  for (const item of Object.values(d.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      for (const tag of op.tags ?? []) tags.add(tag);
      const publicOp = Array.isArray(op.security) && op.security.length === 0;
      const limitedPublic = LIMITED_PUBLIC.has(op.operationId ?? '');
      const idempotent = (op.parameters ?? []).some(
        (p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key',
      );
      const r = op.responses;
      r['400'] ??= error(
        'invalid_request: a query parameter the operation does not declare, or one given twice',
      );
      r['405'] ??= error('method_not_allowed: the path exists with other methods (see Allow)');
      r['408'] ??= error(
        'request_timeout: the request did not arrive in time; the connection is closed',
      );
      if (WRITES.has(method)) r['413'] ??= error('payload_too_large: body over 1 MiB');
      if (limited && (!publicOp || limitedPublic || options.limitedByAddress)) {
        r['429'] ??= error('rate_limited: over the limit; Retry-After says when to try again');
      }
      r['431'] ??= error('headers_too_large: request headers over 16 KB; the connection is closed');
      r['500'] ??= error('internal: an unexpected failure, logged with the request id');
      for (const [status, response] of Object.entries(r)) {
        const headers: Record<string, unknown> = { 'X-Request-Id': header('X-Request-Id') };
        const counted = options.limitedByAddress
          ? !['408', '431'].includes(status)
          : options.rateLimited && (limitedPublic || (!publicOp && status !== '401'));
        if (counted && !['408', '431'].includes(status)) {
          headers.RateLimit = header('RateLimit');
          headers['RateLimit-Policy'] = header('RateLimit-Policy');
        }
        if (status === '429' && limited) headers['Retry-After'] = header('Retry-After');
        // 409 idempotency_in_progress says when to send the same request again.
        if (status === '409' && idempotent && limited)
          headers['Retry-After'] = header('Retry-After');
        if (status === '405') headers.Allow = header('Allow');
        response.headers = { ...response.headers, ...headers };
      }
    }
  }
  d.tags = [...tags].sort().map((name) => ({ name, description: TAGS[name] ?? name }));
  return doc;
}
