import type { Campaign } from '#contract/campaigns';
import type { Task } from '#contract/tasks';
import { useParams } from 'react-router';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { GLOW_LAB } from '#test/brands';
import { renderRoutes } from '#test/render';
import type { RealService, Team } from '#testing/service';
import { CampaignBuilder, type CampaignBuilderProps } from '../components/campaign-builder';

export const BASE = 'https://api.test/2026-07';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
export const uuid = (n: number, kind = 0xb) => `${hex(kind, 8)}-0000-4000-8000-${hex(n, 12)}`;

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

export type Call = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};

/** The writes the builder sent to the service, in order, bodies parsed. */
export function writesOf(service: RealService): Call[] {
  return service.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => ({
      method: r.method,
      path: r.path,
      body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown),
      headers: Object.fromEntries([...r.headers.entries()].map(([k, v]) => [k.toLowerCase(), v])),
    }));
}

/** Signs the builder's client in with the team's key, at a base URL of its own. */
export function signInAs(team: Team) {
  configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: BASE }) });
}

/** A Glow Lab brand team, signed in; `props` are the builder's for a new campaign. */
export async function signedInBrand(service: RealService) {
  const team = await service.world.brandTeam({ name: 'Glow Lab' });
  signInAs(team);
  return { team, props: { mode: 'create', brand: team.brand, brands: null } as const };
}

/** An agency team for Glow Lab and Northwind Outdoors, signed in. */
export async function signedInAgency(service: RealService) {
  const team = await service.world.agencyTeam({ brandNames: ['Glow Lab', 'Northwind Outdoors'] });
  signInAs(team);
  const props = { mode: 'create', brand: team.brands[0]!, brands: team.brands } as const;
  return { team, props };
}

/** The campaigns of the team's brand as the service has them, newest first. */
export async function campaignsOf(service: RealService, team: Team, brandId = team.brand.id) {
  const page = await service.world.api<{ data: Campaign[] }>(
    team,
    'GET',
    `/campaigns?brand_id=${brandId}&limit=100`,
  );
  return page.data;
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
