import type { Campaign, CampaignCreate } from '#contract/campaigns';
import type { Task, TaskCreate } from '#contract/tasks';
import type { TargetingProperty, TargetingValue } from '#contract/targeting';
import { useParams } from 'react-router';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { GLOW_LAB, errorResponse, jsonResponse, stubFetch } from '#test/http';
import { renderRoutes } from '#test/render';
import { CampaignBuilder, type CampaignBuilderProps } from '../components/campaign-builder';

export const API_KEY = 'cck_builder_test_key';
export const BASE = 'https://api.test/2026-07';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
export const uuid = (n: number, kind = 0xb) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`;

export const PROPERTIES: TargetingProperty[] = [
  { id: 'prop_country', name: 'Country', kind: 'option' },
  { id: 'prop_followers', name: 'Follower count', kind: 'number' },
];
export const VALUES: Record<string, TargetingValue[]> = {
  prop_country: [
    { value: 'c_ca', label: 'Canada' },
    { value: 'c_us', label: 'United States' },
  ],
};

const CREATED = '2026-06-01T12:00:00.000Z';

export function makeTask(n: number, overrides: Partial<Task> = {}): Task {
  return {
    id: uuid(n, 0x7),
    title: `Task ${n}`,
    instructions: 'Film the unboxing.',
    platforms: ['tiktok'],
    formats: ['feed_video'],
    caption: null,
    require_ad_disclosure: true,
    tiktok_sound_url: null,
    instagram_sound_url: null,
    video_examples: [],
    image_url: null,
    review_mode: 'media_review',
    autoreview_prompt: null,
    is_required: true,
    max_posts_per_creator: null,
    display_order: n,
    status: 'active',
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const tasks = overrides.tasks ?? [];
  return {
    id: uuid(1, 0xc),
    name: 'Summer glow',
    brand_id: GLOW_LAB.id,
    brand_name: GLOW_LAB.name,
    status: 'draft',
    status_detail: null,
    visibility: 'public',
    invite_code: null,
    description: null,
    instructions: null,
    icon_url: null,
    brief_url: null,
    video_examples: [],
    links: [],
    targeting: null,
    product: { name: 'Glow serum', url: null, image_url: null },
    spent_cents: 0,
    accepting_submissions: true,
    content_deadline_date: null,
    post_deadline_date: null,
    settings: {
      creator_approval_required: false,
      brand_approval_required: false,
      post_approval_mode: 'moderate',
      completion_mode: 'all_required',
    },
    tasks_count: tasks.length,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
    tasks,
  };
}

/** A campaign as the service answers a create with `body`. */
export function createdCampaign(body: CampaignCreate, n = 9): Campaign {
  const tasks = (body.tasks ?? []).map((task: TaskCreate, i) =>
    makeTask(100 + i, {
      ...task,
      formats: task.formats ?? [],
      display_order: task.display_order ?? i,
    } as Partial<Task>),
  );
  return makeCampaign({
    id: uuid(n, 0xc),
    name: body.name,
    brand_id: body.brand_id ?? GLOW_LAB.id,
    tasks,
  });
}

export type Call = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};

/**
 * The service as the builder meets it: targeting properties and values, and whatever `answer`
 * gives for the writes (undefined: a default success). Every request is kept in `calls`.
 */
export function stubService(
  answer: (call: Call) => Response | undefined | Promise<Response | undefined> = () => undefined,
  campaign: Campaign = makeCampaign(),
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async (input, init) => {
    const url = new URL(input);
    const path = url.pathname.replace(/^\/2026-07/, '');
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body, headers };
    calls.push(call);
    const custom = await answer(call);
    if (custom) return custom;
    if (path === '/targeting/properties') return jsonResponse({ data: PROPERTIES });
    const values = /^\/targeting\/properties\/([^/]+)\/values$/.exec(path);
    if (values) return jsonResponse({ data: VALUES[decodeURIComponent(values[1]!)] ?? [] });
    if (path === '/campaigns' && method === 'POST') {
      return jsonResponse(createdCampaign(body as CampaignCreate), { status: 201 });
    }
    if (path === `/campaigns/${campaign.id}`) {
      if (method === 'PATCH') {
        const patch = body as Partial<Campaign>;
        // Settings merge key by key, as the service does.
        const settings = { ...campaign.settings, ...patch.settings };
        return jsonResponse({ ...campaign, ...patch, settings });
      }
      return jsonResponse(campaign);
    }
    const task = /^\/campaigns\/[^/]+\/tasks(?:\/([^/]+))?(?:\/(archive))?$/.exec(path);
    if (task) {
      const existing = campaign.tasks?.find((t) => t.id === task[1]) ?? makeTask(50);
      if (task[2] === 'archive') return jsonResponse({ ...existing, status: 'archived' });
      if (method === 'PATCH') return jsonResponse({ ...existing, ...(body as object) });
      if (method === 'POST') {
        return jsonResponse(
          makeTask(60 + calls.length, { ...(body as Partial<Task>), formats: [] }),
          { status: 201 },
        );
      }
    }
    return errorResponse(404, 'not_found', `No ${method} ${path} in this stub.`);
  });
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { calls, writes, fetchMock };
}

export function signIn() {
  configureApiClient({ credentials: () => ({ apiKey: API_KEY, baseUrl: BASE }) });
}

export function signOutOfClient() {
  configureApiClient({ credentials: () => null });
}

function CampaignPage() {
  const { brandId, campaignId } = useParams();
  return (
    <h1>
      Campaign page {campaignId} of {brandId}
    </h1>
  );
}

/** The builder at its route, with the campaign page and the list to navigate to. */
export function renderBuilder(props: CampaignBuilderProps) {
  const path =
    props.mode === 'create'
      ? paths.campaignNew.href(props.brand.id)
      : paths.campaignEdit.href(props.brand.id, props.campaign.id);
  return renderRoutes(
    [
      {
        path: props.mode === 'create' ? paths.campaignNew.path : paths.campaignEdit.path,
        element: <CampaignBuilder {...props} />,
      },
      { path: paths.campaign.path, element: <CampaignPage /> },
      { path: paths.campaigns.path, element: <h1>Campaigns</h1> },
    ],
    { initialEntry: path },
  );
}
