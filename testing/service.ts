import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Campaign, CampaignCreate } from '#contract/campaigns';
import type { CodeGroup, DiscountCode } from '#contract/codes';
import type { CampaignStatus } from '#contract/enums';
import type { Scope } from '#contract/me';
import type { OpsCreator } from '#contract/ops';
import type { Post } from '#contract/posts';
import type { Submission } from '#contract/submissions';
import type { App } from '../server/app.ts';
import { createTestContext, type TestContext } from '../server/test/harness.ts';
import { campaignIn, expectStatus, ops } from '../server/test/campaigns.ts';
import { apply, newCreator, post, submit } from '../server/test/activity.ts';

// The dashboard's tests talk to the real service: `fetch` is answered by the Hono app in-process
// (app.request) over an in-memory PGlite, so an answer a test sees is the service's answer, and a
// changed message or status breaks the dashboard test that relies on it. One database per test
// file; tests stay independent by making their own brands (see `world`).

/** One request the dashboard sent, as the service received it. */
export interface SentRequest {
  method: string;
  url: URL;
  /** The path below the interface's base, e.g. `/campaigns/…/approve`. */
  path: string;
  body: string | undefined;
  headers: Headers;
  keepalive: boolean;
}

/**
 * Lets a test put something between the dashboard and the service: answer with a Response (a
 * network failure when it throws), delay, or return undefined to let the service answer.
 * Used for faults only (offline, slow network); every regular answer comes from the service.
 */
export type Interceptor = (
  request: SentRequest,
) => Response | undefined | Promise<Response | undefined>;

export interface RealService {
  ctx: TestContext;
  /** Every request the dashboard sent since the test began. */
  requests: SentRequest[];
  /** The app answering the dashboard (the default one, or one set with `useApp`). */
  app(): App;
  /** Answer the dashboard from another app on the same database (e.g. a tiny rate limit). */
  useApp(app: App): void;
  intercept(fn: Interceptor | null): void;
  world: World;
}

const API_PREFIX = '/2026-07';

/**
 * Starts the service for this test file and routes the page's `fetch` to it before each test.
 * Call at the top of a test file; use the returned handle in tests (valid inside tests only).
 */
export function realService(
  options: { deps?: Parameters<typeof createTestContext>[0] } = {},
): RealService {
  let ctx: TestContext | undefined;
  let current: App | undefined;
  let interceptor: Interceptor | null = null;
  const open = new Set<ReadableStream<Uint8Array>>();
  const requests: SentRequest[] = [];

  beforeAll(async () => {
    // jsdom replaces Blob with one PGlite cannot read its data directory from.
    const pageBlob = globalThis.Blob;
    globalThis.Blob = NodeBlob as typeof Blob;
    try {
      ctx = await createTestContext(options.deps);
    } finally {
      globalThis.Blob = pageBlob;
    }
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  beforeEach(() => {
    requests.length = 0;
    interceptor = null;
    current = ctx!.app;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(
        typeof input === 'string' || input instanceof URL ? String(input) : input.url,
      );
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? init.body : undefined;
      const sent: SentRequest = {
        method,
        url,
        path: url.pathname.startsWith(API_PREFIX)
          ? url.pathname.slice(API_PREFIX.length)
          : url.pathname,
        body,
        headers: new Headers(init.headers),
        keepalive: init.keepalive === true,
      };
      requests.push(sent);
      const signal = init.signal;
      if (signal?.aborted) throw abortError();
      const intercepted = await interceptor?.(sent);
      if (intercepted) return intercepted;
      // jsdom's AbortSignal is not Node's, so it cannot be handed to the service's Request:
      // aborting is honoured here instead, and an aborted stream is cancelled.
      const { signal: _ignored, ...rest } = init;
      const response = await current!.request(url.pathname + url.search, { ...rest, method });
      if (signal?.aborted) {
        await response.body?.cancel();
        throw abortError();
      }
      const stream = response.body;
      if (stream) {
        open.add(stream);
        signal?.addEventListener('abort', () => {
          open.delete(stream);
          void stream.cancel().catch(() => undefined);
        });
      }
      return response;
    });
  });

  afterEach(async () => {
    // Event streams left open by a test would keep reading the next test's events.
    await Promise.all([...open].map((stream) => stream.cancel().catch(() => undefined)));
    open.clear();
  });

  const handle: RealService = {
    get ctx() {
      if (!ctx) throw new Error('realService: the service is ready inside tests only');
      return ctx;
    },
    requests,
    app: () => current!,
    useApp: (app) => {
      current = app;
    },
    intercept: (fn) => {
      interceptor = fn;
    },
    get world() {
      return new World(handle.ctx);
    },
  };
  return handle;
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A brand (or an agency's brands) with a key, made through the real /ops routes. */
export interface Team {
  key: string;
  keyId: string;
  brands: { id: string; name: string }[];
  /** The first brand. */
  brand: { id: string; name: string };
}

/**
 * Builds the state a test needs through the service's own routes: /ops for the platform side
 * (brands, creators, applications, submissions, posts) and the interface with the team's key for
 * the buyer side (campaigns and their transitions), as the demo world and the simulator do.
 */
export class World {
  constructor(readonly ctx: TestContext) {}

  async brandTeam(options: { name?: string; scopes?: Scope[] } = {}): Promise<Team> {
    const brand = await this.ctx.ops.createBrand(options.name);
    const key = await this.ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.id,
      ...(options.scopes ? { scopes: options.scopes } : {}),
    });
    return { key: key.key, keyId: key.id, brands: [brand], brand };
  }

  async agencyTeam(options: { brandNames?: string[]; scopes?: Scope[] } = {}): Promise<Team> {
    const names = options.brandNames ?? [undefined, undefined];
    const brands = [];
    for (const name of names) brands.push(await this.ctx.ops.createBrand(name));
    const agency = await this.ctx.ops.createAgency(brands.map((b) => b.id));
    const key = await this.ctx.ops.createKey({
      kind: 'agency',
      agency_id: agency.id,
      ...(options.scopes ? { scopes: options.scopes } : {}),
    });
    return { key: key.key, keyId: key.id, brands, brand: brands[0]! };
  }

  /** Another key of a brand team's brand, e.g. one with fewer scopes. */
  async brandKey(team: Team, scopes: Scope[]): Promise<Team> {
    const key = await this.ctx.ops.createKey({ kind: 'brand', brand_id: team.brand.id, scopes });
    return { ...team, key: key.key, keyId: key.id };
  }

  /** A campaign of `brandId` brought to `status` through the real transitions. */
  campaign(
    team: Team,
    status: CampaignStatus,
    body: Partial<CampaignCreate> & { brand_id?: string } = {},
  ): Promise<Campaign> {
    return campaignIn(this.ctx, team.key, status, {
      brand_id: body.brand_id ?? team.brand.id,
      ...body,
    });
  }

  /**
   * `count` campaigns named `Campaign 1` (the oldest) to `Campaign <count>`, made one after the
   * other; campaign n is brought to `statuses[n % statuses.length]` (drafts have no task).
   */
  async numberedCampaigns(
    team: Team,
    count: number,
    statuses: readonly CampaignStatus[] = ['draft'],
    name: (n: number) => string = (n) => `Campaign ${n}`,
  ): Promise<Campaign[]> {
    const made: Campaign[] = [];
    for (let n = 1; n <= count; n++) {
      const status = statuses[n % statuses.length]!;
      made.push(
        status === 'draft'
          ? await this.api<Campaign>(team, 'POST', '/campaigns', {
              name: name(n),
              brand_id: team.brand.id,
            })
          : await this.campaign(team, status, { name: name(n) }),
      );
    }
    return made;
  }

  /** A draft campaign brought to `status` through the real transitions (publish, review, ...). */
  async moveTo(team: Team, campaignId: string, status: CampaignStatus): Promise<Campaign> {
    const path = `/campaigns/${campaignId}`;
    if (status === 'draft') return this.api<Campaign>(team, 'GET', path);
    let campaign = await this.api<Campaign>(team, 'POST', `${path}/publish`);
    if (status === 'pending_approval') return campaign;
    campaign = await this.ops<Campaign>('POST', `/ops${path}/review`, { decision: 'approved' });
    if (status === 'active') return campaign;
    if (status === 'paused') return this.api<Campaign>(team, 'POST', `${path}/pause`);
    return this.ops<Campaign>('POST', `/ops${path}/complete`);
  }

  async creator(
    options: { username?: string; properties?: Record<string, string | number> } = {},
  ): Promise<OpsCreator> {
    if (!options.username && !options.properties) return newCreator(this.ctx);
    const res = await ops(this.ctx, 'POST', '/ops/creators', {
      username: options.username ?? `creator_${Math.random().toString(16).slice(2, 10)}`,
      ...(options.properties ? { properties: options.properties } : {}),
    });
    return expectStatus(res, 201) as OpsCreator;
  }

  /** The creator applies to the campaign (approved at once when it needs no approval). */
  apply(campaignId: string, creatorId: string) {
    return apply(this.ctx, campaignId, creatorId);
  }

  /** A new creator approved on the campaign, ready to submit. */
  async approvedCreator(
    team: Team,
    campaign: Campaign,
    options: { username?: string } = {},
  ): Promise<OpsCreator> {
    const creator = await this.creator(options);
    const participation = await apply(this.ctx, campaign.id, creator.id);
    if (participation.status === 'applied') {
      expectStatus(
        await this.ctx.request(
          'POST',
          `${API_PREFIX}/campaigns/${campaign.id}/creators/${creator.id}/approve`,
          {
            key: team.key,
          },
        ),
        200,
      );
    }
    return creator;
  }

  submit(campaignId: string, creatorId: string, taskId: string): Promise<Submission> {
    return submit(this.ctx, campaignId, creatorId, taskId);
  }

  post(submissionId: string, body: Record<string, unknown> = {}): Promise<Post> {
    return post(this.ctx, submissionId, body);
  }

  /** The team approves an in_review submission through the interface. */
  approveSubmission(team: Team, campaignId: string, submissionId: string): Promise<Submission> {
    return this.api<Submission>(
      team,
      'POST',
      `/campaigns/${campaignId}/submissions/${submissionId}/approve`,
    );
  }

  /**
   * A live post of `creator` (a new approved creator when not given) on the campaign's task: the
   * creator submits, the team approves, the platform reports the post.
   */
  async livePost(
    team: Team,
    campaign: Campaign,
    options: {
      creator?: OpsCreator;
      username?: string;
      taskId?: string;
      post?: Record<string, unknown>;
    } = {},
  ): Promise<Post> {
    const creator =
      options.creator ??
      (await this.approvedCreator(
        team,
        campaign,
        options.username ? { username: options.username } : {},
      ));
    const taskId = options.taskId ?? campaign.tasks![0]!.id;
    const submission = await this.submit(campaign.id, creator.id, taskId);
    await this.approveSubmission(team, campaign.id, submission.id);
    return this.post(submission.id, options.post);
  }

  /** The platform reports the post removed (live -> deleted). */
  takeDown(postId: string): Promise<Post> {
    return this.ops<Post>('POST', `/ops/posts/${postId}/take-down`);
  }

  /** A code group of the team's brand (the platform makes groups; the brand adds codes). */
  codeGroup(
    team: Team,
    body: { name: string; user_description: string; commission_cents: number },
  ): Promise<CodeGroup> {
    return this.ops<CodeGroup>('POST', '/ops/code-groups', { brand_id: team.brand.id, ...body });
  }

  /** The platform assigns a code to a creator approved on the campaign. */
  assignCode(code: string, creatorId: string, campaignId: string): Promise<DiscountCode> {
    return this.ops<DiscountCode>('POST', `/ops/codes/${encodeURIComponent(code)}/assign`, {
      creator_id: creatorId,
      campaign_id: campaignId,
    });
  }

  /** The password every member made by `member` signs in with. */
  static readonly MEMBER_PASSWORD = 'test-password-2026';

  /**
   * A member of the team's brand with this role, made as a person would: invited through /ops,
   * then the invitation accepted (which also signs them in: `token` is a session).
   */
  async member(
    team: Team,
    role: 'admin' | 'manager' | 'reviewer' | 'viewer',
    options: { name?: string; email?: string } = {},
  ): Promise<{ id: string; email: string; name: string; role: string; token: string }> {
    const email =
      options.email ?? `${role}.${Math.random().toString(36).slice(2, 10)}@members.test`;
    const name = options.name ?? `Test ${role[0]!.toUpperCase()}${role.slice(1)}`;
    const invitation = await this.ops<{ invitation_url: string }>('POST', '/ops/invitations', {
      email,
      role,
      brand_id: team.brand.id,
    });
    const token = new URL(invitation.invitation_url).hash.replace(/^#token=/, '');
    const res = await this.ctx.request(
      'POST',
      `${API_PREFIX}/invitations/${encodeURIComponent(token)}/accept`,
      { body: { name, password: World.MEMBER_PASSWORD } },
    );
    if (res.status !== 201) throw new Error(`accept invitation: ${res.status} ${res.text}`);
    const session = res.json as { token: string; member: { id: string; role: string } };
    return { id: session.member.id, email, name, role: session.member.role, token: session.token };
  }

  /** Any /ops call, failing the test unless it answers 200 or 201. */
  async ops<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await ops(this.ctx, method, path, body);
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.json as T;
  }

  /** Any interface call with the team's key, failing the test unless it answers 2xx. */
  async api<T = unknown>(team: Team, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.ctx.request(method, `${API_PREFIX}${path}`, {
      key: team.key,
      ...(body !== undefined ? { body } : {}),
    });
    if (res.status < 200 || res.status > 299)
      throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.json as T;
  }
}
