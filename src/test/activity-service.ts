import type { Campaign } from '#contract/campaigns';
import type { CampaignCreator } from '#contract/creators';
import type { Post } from '#contract/posts';
import type { Submission } from '#contract/submissions';
import { fakeService } from './campaign-service';
import { errorResponse, jsonResponse } from './http';

type Answer = Response | undefined;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const id = (n: number, kind: number) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`;
const minutes = (n: number) => new Date(Date.UTC(2026, 6, 1, 9, 0) + n * 60_000).toISOString();

/** Submission `n` of a task, submitted `n` minutes after the base time (smaller = older). */
export function makeSubmission(
  n: number,
  taskId: string,
  overrides: Partial<Submission> = {},
): Submission {
  return {
    id: id(n, 0x5),
    creator_id: `creator_${n}`,
    creator_username: `creator${n}`,
    task_id: taskId,
    status: 'in_review',
    media_type: 'video',
    media_url: `https://cdn.example.com/${n}.mp4`,
    thumbnail_url: `https://cdn.example.com/${n}.jpg`,
    revision_count: 0,
    feedback: null,
    failure_reason: null,
    awaiting: null,
    agency_approved_at: null,
    agency_approved_by: null,
    media: null,
    checks: [],
    submitted_at: minutes(n),
    reviewed_at: null,
    created_at: minutes(n),
    updated_at: minutes(n),
    ...overrides,
  };
}

export function makeCreator(n: number, overrides: Partial<CampaignCreator> = {}): CampaignCreator {
  return {
    creator_id: `creator_${n}`,
    username: `creator${n}`,
    status: 'applied',
    applied_at: minutes(n),
    decided_at: null,
    content: { submitted: n, in_review: 1, approved: 0, rejected: 0 },
    posts: 0,
    metrics: { views: n * 1000, likes: n * 10, comments: n, shares: 0, saves: 0 },
    spend_cents: n * 500,
    properties: [],
    targeting_fit: { matches: true, unmet: [] },
    ...overrides,
  };
}

export function makePost(n: number, taskId: string, overrides: Partial<Post> = {}): Post {
  return {
    id: id(n, 0xb),
    creator_id: `creator_${n}`,
    creator_username: `creator${n}`,
    task_id: taskId,
    submission_id: id(n, 0x5),
    platform: 'tiktok',
    url: `https://www.tiktok.com/@creator${n}/video/${n}`,
    is_story: false,
    status: 'live',
    posted_at: minutes(n),
    metrics: { views: n * 100, likes: n * 10, comments: n, shares: 1, saves: 2 },
    metrics_updated_at: minutes(n + 60),
    ...overrides,
  };
}

/**
 * The campaign service with the creator-activity endpoints: submissions (status filter, oldest
 * first, approve/reject with 409 already_reviewed), creators (status filter, approve/reject with
 * 409 already_decided) and posts (filters, cursor). `override` answers first.
 */
export function activityService({
  campaigns,
  submissions = {},
  creators = {},
  posts = {},
  override,
  me,
}: {
  campaigns: Campaign[];
  submissions?: Record<string, Submission[]>;
  creators?: Record<string, CampaignCreator[]>;
  posts?: Record<string, Post[]>;
  override?: (method: string, url: URL) => Answer | Promise<Answer>;
  me?: unknown;
}) {
  const decisions: { method: string; path: string; body: unknown }[] = [];
  const service = fakeService({
    campaigns,
    ...(me ? { me } : {}),
    override: async (method, url) => {
      const custom = await override?.(method, url);
      if (custom) return custom;
      const path = url.pathname.replace(/^\/2026-07/, '');
      const q = url.searchParams;
      const sub = /^\/campaigns\/([^/]+)\/submissions(?:\/([^/]+)\/(approve|reject))?$/.exec(path);
      if (sub) {
        const rows = submissions[sub[1]!] ?? [];
        if (!sub[2]) {
          const statuses = q.getAll('status');
          return page(
            rows.filter((s) => !statuses.length || statuses.includes(s.status)),
            q,
          );
        }
        const row = rows.find((s) => s.id === sub[2]);
        if (!row) return errorResponse(404, 'not_found', 'No such submission.');
        if (row.status !== 'in_review') {
          return errorResponse(
            409,
            'already_reviewed',
            `already_reviewed: ${row.status} at ${row.reviewed_at} by key cck_other…`,
          );
        }
        row.status = sub[3] === 'approve' ? 'approved' : 'rejected';
        return jsonResponse(row);
      }
      const cr = /^\/campaigns\/([^/]+)\/creators(?:\/([^/]+)(?:\/(approve|reject))?)?$/.exec(path);
      if (cr) {
        const rows = creators[cr[1]!] ?? [];
        if (!cr[2]) {
          const status = q.get('status');
          return page(
            rows.filter((c) => !status || c.status === status),
            q,
          );
        }
        const row = rows.find((c) => c.creator_id === decodeURIComponent(cr[2]!));
        if (!row) return errorResponse(404, 'not_found', 'No such creator.');
        if (!cr[3]) return jsonResponse(row);
        if (row.status !== 'applied') {
          return errorResponse(409, 'already_decided', `already_decided: ${row.status}`);
        }
        row.status = cr[3] === 'approve' ? 'approved' : 'rejected';
        row.decided_at = new Date().toISOString();
        return jsonResponse(row);
      }
      const po = /^\/campaigns\/([^/]+)\/posts$/.exec(path);
      if (po) {
        const rows = (posts[po[1]!] ?? []).filter(
          (p) =>
            (!q.get('status') || p.status === q.get('status')) &&
            (!q.get('creator_id') || p.creator_id === q.get('creator_id')) &&
            (!q.get('task_id') || p.task_id === q.get('task_id')) &&
            (!q.get('platform') || p.platform === q.get('platform')) &&
            (!q.get('posted_after') || p.posted_at >= q.get('posted_after')!) &&
            (!q.get('posted_before') || p.posted_at < q.get('posted_before')!),
        );
        return page(rows, q);
      }
      return undefined;
    },
  });
  const decisionRequests = () =>
    service.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);
  return { ...service, decisions, decisionRequests };
}

function page<T>(rows: T[], q: URLSearchParams) {
  const start = Number(q.get('starting_after') ?? 0);
  const limit = Number(q.get('limit') ?? 25);
  const hasMore = start + limit < rows.length;
  return jsonResponse({
    data: rows.slice(start, start + limit),
    has_more: hasMore,
    next_cursor: hasMore ? String(start + limit) : null,
  });
}
