import type { Campaign } from '#contract/campaigns';
import type { Task } from '#contract/tasks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { notify } from '#lib/notify';
import { makeCampaign as makeCampaignFixture, makeTask as makeTaskFixture } from '#test/fixtures';
import { renderRoutes } from '#test/render';
import type { RealService, Team } from '#testing/service';
import { CampaignBuilder, type CampaignBuilderProps } from '../components/campaign-builder';

export const BASE = 'https://api.test/2026-07';

const CREATED = '2026-06-01T12:00:00.000Z';

/** Task number `n` of the builder's campaign, created with it. */
export function makeTask(n: number, overrides: Partial<Task> = {}): Task {
  return makeTaskFixture(n, { created_at: CREATED, updated_at: CREATED, ...overrides });
}

/** The builder's campaign: Glow Lab's draft "Summer glow", with `tasks` (none by default). */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const tasks = overrides.tasks ?? [];
  return {
    ...makeCampaignFixture(1, {
      name: 'Summer glow',
      status: 'draft',
      spent_cents: 0,
      tasks_count: tasks.length,
      created_at: CREATED,
      updated_at: CREATED,
      ...overrides,
    }),
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

/**
 * For each test of the enclosing block: a Glow Lab brand team signed in (success toasts
 * silenced), signed out after it. The object returned holds the running test's team and the
 * builder's props for a new campaign of it.
 */
export function signedInBrandForEachTest(service: RealService) {
  const current = {} as Awaited<ReturnType<typeof signedInBrand>>;
  beforeEach(async () => {
    Object.assign(current, await signedInBrand(service));
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  });
  afterEach(() => signOutOfClient());
  return current;
}

/** The button of the builder's step `name` in its step navigation. */
export const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Builder steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

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

/** The builder at its route, with a user who has typed the campaign's `name`. */
export async function renderBuilderNamed(props: CampaignBuilderProps, name: string) {
  const user = userEvent.setup();
  const view = renderBuilder(props);
  await user.type(screen.getByLabelText('Campaign name'), name);
  return { ...view, user };
}
