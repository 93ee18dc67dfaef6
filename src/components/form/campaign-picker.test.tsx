import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { realService, type Team } from '#testing/service';
import { paths } from '#config/paths';
import { configureApiClient } from '#lib/api-client';
import { renderApp } from '#test/app';

configure({ asyncUtilTimeout: 8000 });

const service = realService();
afterEach(() => configureApiClient({ credentials: () => null }));

/** More campaigns than one page of 100 (sent for approval: drafts have no activity), "Campaign 1"
 * (oldest) to "Campaign 105" (newest). */
const COUNT = 105;
let world: Promise<{ team: Team; campaigns: Campaign[] }> | null = null;
function manyCampaigns() {
  world ??= (async () => {
    const team = await service.world.brandTeam();
    const campaigns: Campaign[] = [];
    for (let n = 1; n <= COUNT; n++) {
      campaigns.push(
        await service.world.campaign(team, 'pending_approval', { name: `Campaign ${n}` }),
      );
    }
    return { team, campaigns };
  })();
  return world;
}

describe('campaign picker', { timeout: 60_000 }, () => {
  for (const screenName of ['posts', 'creators'] as const) {
    it(`offers every campaign on the ${screenName} screen, not only the first 100, and finds one by name`, async () => {
      const { team, campaigns } = await manyCampaigns();
      const user = userEvent.setup();
      const { router } = renderApp(paths[screenName].href(team.brand.id), team.key);
      const select = await screen.findByRole('combobox', { name: 'Campaign' });
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(COUNT));
      expect(screen.getByText(`${COUNT} campaigns`)).toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: 'Find a campaign' }), 'campaign 7');
      // "Campaign 7" and "Campaign 70"–"79"; the chosen one (the newest) stays listed.
      expect(screen.getByText(`11 of ${COUNT} campaigns match`)).toBeInTheDocument();
      expect(within(select).getAllByRole('option')).toHaveLength(12);
      await user.selectOptions(select, 'Campaign 7');
      await waitFor(() =>
        expect(router.state.location.search).toContain(`campaign=${campaigns[6]!.id}`),
      );
    });
  }
});
