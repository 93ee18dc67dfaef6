// What every operation of a generated OpenAPI document shares, added once to the document rather
// than to each route: the headers the middleware sends and the statuses it may answer.

interface Operation {
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

const TAGS: Record<string, string> = {
  Campaigns: 'Campaigns of the brands a key acts for, and their lifecycle.',
  Tasks: 'The tasks of a campaign: what creators are asked to post.',
  Targeting: 'The targeting properties and values a campaign may use.',
  Creators: 'Creators who applied to a campaign, and the decision on them.',
  Submissions: 'Content creators submit for review.',
  Posts: 'Published content and its metrics.',
  Metrics: 'A campaign’s totals over time.',
  'Discount codes': 'Discount codes, their groups and their usage reports.',
  Events: 'Live changes as Server-Sent Events.',
  Me: 'The key itself.',
  Meta: 'The OpenAPI document.',
  Ops: 'The platform side: tenancy, keys, campaign review, creator activity.',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Adds to every operation the X-Request-Id header, the RateLimit headers (on answers to a key
 * when `rateLimited`; Retry-After on 429), and the answers of the middleware: 405, 413 on writes,
 * 500. Lists every tag used, with the contact of the service.
 */
export function applyConventions<D extends object>(doc: D, options: { rateLimited: boolean }): D {
  const d = doc as D & Document;
  d.info.contact = { name: 'Campaign Console' };
  d.components ??= {};
  d.components.headers = options.rateLimited
    ? { ...HEADERS }
    : { 'X-Request-Id': HEADERS['X-Request-Id'] };
  const tags = new Set<string>();
  for (const item of Object.values(d.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      for (const tag of op.tags ?? []) tags.add(tag);
      const publicOp = Array.isArray(op.security) && op.security.length === 0;
      const r = op.responses;
      r['405'] ??= error('method_not_allowed: the path exists with other methods (see Allow)');
      if (WRITES.has(method)) r['413'] ??= error('payload_too_large: body over 1 MiB');
      r['500'] ??= error('internal: an unexpected failure, logged with the request id');
      for (const [status, response] of Object.entries(r)) {
        const headers: Record<string, unknown> = { 'X-Request-Id': header('X-Request-Id') };
        if (options.rateLimited && !publicOp && status !== '401') {
          headers.RateLimit = header('RateLimit');
          headers['RateLimit-Policy'] = header('RateLimit-Policy');
        }
        if (status === '429' && options.rateLimited) headers['Retry-After'] = header('Retry-After');
        response.headers = { ...response.headers, ...headers };
      }
    }
  }
  d.tags = [...tags].sort().map((name) => ({ name, description: TAGS[name] ?? name }));
  return doc;
}
