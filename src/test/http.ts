import { vi } from 'vitest';

/** A JSON answer as the service gives it. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** The interface's error body. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
) {
  return jsonResponse({ error: status, code, message }, { status, headers });
}

/** Replaces `fetch` for one test; answers come from `handler`, calls are on the returned mock. */
export function stubFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const GLOW_LAB = { id: '11111111-1111-4111-8111-111111111111', name: 'Glow Lab' };
export const NORTHWIND = { id: '22222222-2222-4222-8222-222222222222', name: 'Northwind Outdoors' };
export const PIXEL_COFFEE = { id: '33333333-3333-4333-8333-333333333333', name: 'Pixel Coffee' };

export const ALL_SCOPES = [
  'campaigns:read',
  'campaigns:write',
  'submissions:write',
  'creators:write',
  'codes:read',
  'codes:write',
  'members:write',
  'keys:write',
] as const;

export function agencyMe(overrides: { scopes?: readonly string[] } = {}) {
  return {
    key: {
      id: '44444444-4444-4444-8444-444444444444',
      kind: 'agency',
      scopes: overrides.scopes ?? ALL_SCOPES,
      prefix: 'cck_demo_age',
    },
    agency: { id: '55555555-5555-4555-8555-555555555555', name: 'Brightline Agency' },
    brands: [GLOW_LAB, NORTHWIND],
    member: null,
  };
}

export function brandMe() {
  return {
    key: {
      id: '66666666-6666-4666-8666-666666666666',
      kind: 'brand',
      scopes: ALL_SCOPES,
      prefix: 'cck_demo_bra',
    },
    agency: null,
    brands: [GLOW_LAB],
    member: null,
  };
}
