import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { makeCampaigns } from '../../features/campaigns/test/fixtures';
import { configureApiClient } from '../../lib/api-client';
import { activityService } from '../../test/activity-service';
import { renderApp } from '../../test/campaign-service';
import { GLOW_LAB } from '../../test/http';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => configureApiClient({ credentials: () => null }));

describe('campaign picker', { timeout: 20_000 }, () => {
  for (const screenName of ['posts', 'creators'] as const) {
    it(`offers every campaign on the ${screenName} screen, not only the first 100, and finds one by name`, async () => {
      const campaigns = makeCampaigns(230);
      activityService({ campaigns });
      const user = userEvent.setup();
      const { router } = renderApp(paths[screenName].href(GLOW_LAB.id));
      const select = await screen.findByRole('combobox', { name: 'Campaign' });
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(230));
      expect(screen.getByText('230 campaigns')).toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: 'Find a campaign' }), 'campaign 7');
      // "Campaign 7" and "Campaign 70"–"79"; the chosen one (the newest) stays listed.
      expect(screen.getByText('11 of 230 campaigns match')).toBeInTheDocument();
      expect(within(select).getAllByRole('option')).toHaveLength(12);
      await user.selectOptions(select, 'Campaign 7');
      await waitFor(() =>
        expect(router.state.location.search).toContain(`campaign=${campaigns.at(-7)!.id}`),
      );
    });
  }
});
