import { act, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { makeCampaign, PROPERTIES } from '#features/builder/test/builder-support';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import {
  agencyMe,
  brandMe,
  errorResponse,
  GLOW_LAB,
  jsonResponse,
  NORTHWIND,
  stubFetch,
} from '#test/http';
import { renderRoutes, testQueryClient } from '#test/render';
import { createRoutes } from '#app/router';

const campaign = makeCampaign({ name: 'Summer glow' });
const elsewhere = makeCampaign({
  id: '0000000c-0000-4000-8000-0000000000ff',
  brand_id: NORTHWIND.id,
  brand_name: NORTHWIND.name,
});

function serve(me: ReturnType<typeof agencyMe> | ReturnType<typeof brandMe>) {
  return stubFetch((input) => {
    const path = new URL(input).pathname.replace(/^\/2026-07/, '');
    if (path === '/me') return jsonResponse(me);
    if (path === '/targeting/properties') return jsonResponse({ data: PROPERTIES });
    if (path === `/campaigns/${campaign.id}`) return jsonResponse(campaign);
    if (path === `/campaigns/${elsewhere.id}`) return jsonResponse(elsewhere);
    return errorResponse(404, 'not_found', 'No such campaign.');
  });
}

function renderApp(path: string) {
  saveSession({ apiKey: 'cck_test', baseUrl: null, remember: false });
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry: path, queryClient });
}

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('builder routes', { timeout: 20_000 }, () => {
  beforeEach(() => configureApiClient({ credentials: readSession }));
  afterEach(() => configureApiClient({ credentials: () => null }));

  it('opens the builder of a new campaign, with the brand to choose for an agency key', async () => {
    serve(agencyMe());
    renderApp(paths.campaignNew.href(GLOW_LAB.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
    expect(screen.getByLabelText('Campaign brand')).toHaveValue(GLOW_LAB.id);
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('New campaign · Glow Lab · Campaign Console'));
  });

  it('shows a brand key no brand to choose', async () => {
    serve(brandMe());
    renderApp(paths.campaignNew.href(GLOW_LAB.id));

    await screen.findByRole('heading', { level: 1, name: 'New campaign' });
    expect(screen.queryByLabelText('Campaign brand')).not.toBeInTheDocument();
  });

  it('loads the campaign before the edit builder opens', async () => {
    serve(agencyMe());
    renderApp(paths.campaignEdit.href(GLOW_LAB.id, campaign.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit campaign' })).toBeVisible();
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Summer glow');
  });

  it('answers "not found" for an unknown campaign, and opens another brand’s under it', async () => {
    serve(agencyMe());
    const { router } = renderApp(
      paths.campaignEdit.href(GLOW_LAB.id, '0000000c-0000-4000-8000-000000000abc'),
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();

    await router.navigate(paths.campaignEdit.href(GLOW_LAB.id, elsewhere.id));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        paths.campaignEdit.href(NORTHWIND.id, elsewhere.id),
      ),
    );
  });

  it('has no accessibility violations axe can find, in the app’s shell', async () => {
    // jsdom has no canvas; axe only uses it to spot icon ligatures.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    serve(agencyMe());
    const { container } = renderApp(paths.campaignEdit.href(GLOW_LAB.id, campaign.id));
    await screen.findByRole('heading', { level: 1, name: 'Edit campaign' });

    let results: axe.AxeResults | undefined;
    await act(async () => {
      results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    });
    expect(results?.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
