import type { Campaign } from '#contract/campaigns';
import { createRoutes } from '#app/router';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import { createQueryClient } from '#lib/query-client';
import { agencyMe, errorResponse, jsonResponse, stubFetch } from './http';
import { renderRoutes } from './render';

type Answer = Response | undefined;

/**
 * A stand-in for the campaign service, as the interface describes it: `GET /campaigns` filters by
 * status, brand and created range and pages with an opaque cursor; `GET /campaigns/{id}` embeds
 * tasks. `override` answers first (e.g. a refusal); every request is kept in `requests`.
 */
export function fakeService({
  campaigns,
  me = agencyMe(),
  override,
  delayMs = 0,
}: {
  campaigns: Campaign[];
  /** The `/me` answer: `agencyMe()` (default), `brandMe()` or a variant. */
  me?: unknown;
  override?: (method: string, url: URL) => Answer | Promise<Answer>;
  delayMs?: number;
}) {
  const requests: { method: string; url: URL }[] = [];
  const fetchMock = stubFetch(async (input, init) => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    requests.push({ method, url });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const custom = await override?.(method, url);
    if (custom) return custom;
    const path = url.pathname.replace(/^\/2026-07/, '');
    if (path === '/me') return jsonResponse(me);
    if (path === '/targeting/properties') return jsonResponse({ data: [] });
    if (path === '/campaigns' && method === 'GET') return listAnswer(campaigns, url);
    const one = /^\/campaigns\/([^/]+)(?:\/(publish|pause|resume))?$/.exec(path);
    const campaign = one ? campaigns.find((c) => c.id === one[1]) : undefined;
    if (!one || !campaign) return errorResponse(404, 'not_found', 'No such campaign.');
    if (method === 'GET') return jsonResponse({ ...campaign, tasks: campaign.tasks ?? [] });
    if (method === 'DELETE') {
      campaigns.splice(campaigns.indexOf(campaign), 1);
      return jsonResponse({ id: campaign.id, deleted: true });
    }
    const next = { publish: 'pending_approval', pause: 'paused', resume: 'active' } as const;
    Object.assign(campaign, { status: next[one[2] as keyof typeof next], status_detail: null });
    return jsonResponse({ ...campaign, tasks: campaign.tasks ?? [] });
  });
  // The navigation's review count lists the active and paused campaigns on every screen: those
  // requests are not the campaign list's.
  const isReviewCount = (url: URL) =>
    url.searchParams.getAll('status').join() === 'active,paused' &&
    url.searchParams.get('limit') === '100' &&
    !url.searchParams.has('created_after') &&
    !url.searchParams.has('created_before');
  const listRequests = () =>
    requests.filter(
      (r) => r.method === 'GET' && r.url.pathname === '/2026-07/campaigns' && !isReviewCount(r.url),
    );
  /** The review queue's (and the navigation count's) list of active and paused campaigns. */
  const reviewListRequests = () =>
    requests.filter(
      (r) => r.method === 'GET' && r.url.pathname === '/2026-07/campaigns' && isReviewCount(r.url),
    );
  return { fetchMock, requests, listRequests, reviewListRequests };
}

function listAnswer(campaigns: Campaign[], url: URL) {
  const q = url.searchParams;
  const statuses = q.getAll('status');
  const brandId = q.get('brand_id');
  const after = q.get('created_after');
  const before = q.get('created_before');
  const matching = campaigns.filter(
    (c) =>
      (statuses.length === 0 || statuses.includes(c.status)) &&
      (!brandId || c.brand_id === brandId) &&
      (!after || c.created_at >= after) &&
      (!before || c.created_at < before),
  );
  const start = Number(q.get('starting_after') ?? 0);
  const limit = Number(q.get('limit') ?? 25);
  const data = matching.slice(start, start + limit).map((campaign) => {
    const listed: Partial<Campaign> = { ...campaign };
    delete listed.tasks;
    return listed;
  });
  const hasMore = start + limit < matching.length;
  return jsonResponse({
    data,
    has_more: hasMore,
    next_cursor: hasMore ? String(start + limit) : null,
  });
}

/** The whole app (shell, loaders, lazy routes, toasts) at `path`, signed in. */
export function renderApp(path: string) {
  saveSession({ apiKey: 'cck_test', baseUrl: null, remember: false });
  configureApiClient({ credentials: readSession });
  // The app's own client: refusals go to the central toast as in production.
  const queryClient = createQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry: path, queryClient });
}
