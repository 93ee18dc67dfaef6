import { act, configure, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import { renderRoutes, testQueryClient } from '#test/render';
import { realService, type Team } from '#testing/service';
import { createRoutes } from '#app/router';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

/** An agency team for Glow Lab and Northwind Outdoors with a Summer glow draft in Glow Lab. */
async function agencyWorld() {
  const team = await service.world.agencyTeam({ brandNames: ['Glow Lab', 'Northwind Outdoors'] });
  const campaign = await service.world.campaign(team, 'draft', { name: 'Summer glow' });
  return { team, campaign, glowLab: team.brands[0]!, northwind: team.brands[1]! };
}

function renderApp(path: string, team: Team) {
  saveSession({ apiKey: team.key, baseUrl: null, remember: false });
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry: path, queryClient });
}

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('builder routes', { timeout: 30_000 }, () => {
  beforeEach(() => configureApiClient({ credentials: readSession }));
  afterEach(() => configureApiClient({ credentials: () => null }));

  it('opens the builder of a new campaign, with the brand to choose for an agency key', async () => {
    const { team, glowLab } = await agencyWorld();
    renderApp(paths.campaignNew.href(glowLab.id), team);

    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
    expect(screen.getByLabelText('Campaign brand')).toHaveValue(glowLab.id);
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('New campaign · Glow Lab · Campaign Console'));
  });

  it('shows a brand key no brand to choose', async () => {
    const team = await service.world.brandTeam({ name: 'Glow Lab' });
    renderApp(paths.campaignNew.href(team.brand.id), team);

    await screen.findByRole('heading', { level: 1, name: 'New campaign' });
    expect(screen.queryByLabelText('Campaign brand')).not.toBeInTheDocument();
  });

  it('loads the campaign before the edit builder opens', async () => {
    const { team, glowLab, campaign } = await agencyWorld();
    renderApp(paths.campaignEdit.href(glowLab.id, campaign.id), team);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit campaign' })).toBeVisible();
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Summer glow');
  });

  it('answers "not found" for an unknown campaign, and opens another brand’s under it', async () => {
    const { team, glowLab, northwind } = await agencyWorld();
    const elsewhere = await service.world.campaign(team, 'draft', {
      name: 'North trail',
      brand_id: northwind.id,
    });
    const { router } = renderApp(paths.campaignEdit.href(glowLab.id, crypto.randomUUID()), team);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();

    await router.navigate(paths.campaignEdit.href(glowLab.id, elsewhere.id));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        paths.campaignEdit.href(northwind.id, elsewhere.id),
      ),
    );
  });

  it('has no accessibility violations axe can find, in the app’s shell', async () => {
    // jsdom has no canvas; axe only uses it to spot icon ligatures.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { team, glowLab, campaign } = await agencyWorld();
    const { container } = renderApp(paths.campaignEdit.href(glowLab.id, campaign.id), team);
    await screen.findByRole('heading', { level: 1, name: 'Edit campaign' });

    let results: axe.AxeResults | undefined;
    await act(async () => {
      results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    });
    expect(results?.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
