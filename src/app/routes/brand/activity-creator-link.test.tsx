import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign } from '#test/world';
import { realService } from '#testing/service';

configure({ asyncUtilTimeout: 8000 });

const service = realService();

// An Activity entry about a creator links to the Creators screen showing that creator
// (docs/decisions/0166-creator-decisions-undo-and-focus.md).

describe('activity: links to creators', { timeout: 40_000 }, () => {
  it('an entry about a creator opens Creators on their campaign, their row marked and focused', async () => {
    const { world } = service;
    const { team, campaign, t } = await brandWithActiveCampaign(service, 'Trail', {
      name: 'Waitlist',
      settings: { creator_approval_required: true },
    });
    const manager = await world.member(team, 'manager', { name: 'Ben Carter' });
    const creator = await world.creator({ username: `ivy_${t}` });
    await world.apply(campaign.id, creator.id);
    await world.api(
      { ...team, key: manager.token },
      'POST',
      `/campaigns/${campaign.id}/creators/${creator.id}/approve`,
      {},
    );
    const user = userEvent.setup();
    const { router } = renderApp(paths.activity.href(team.brand.id), manager.token);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    // The application and the approval are both about the creator; the newest first (the
    // approval). The list may redraw while it settles: the line is read when it holds still.
    const name = `@${creator.username} in Creators`;
    await within(list).findAllByRole('link', { name });
    const line = await waitFor(() => {
      const [first] = within(list).getAllByRole('link', { name });
      const li = first?.closest('li');
      expect(li).toHaveTextContent('Ben Carter (manager)');
      return li!;
    });
    const link = within(line).getByRole('link', { name });
    expect(link).toHaveAttribute(
      'href',
      `${paths.creators.href(team.brand.id)}?campaign=${campaign.id}&creator=${creator.id}`,
    );
    // Its line names the campaign too.
    expect(within(line).getByRole('link', { name: campaign.name })).toBeInTheDocument();
    await user.click(link);
    const region = await screen.findByRole('region', { name: /Approved creators/ });
    const row = await within(region).findByRole('row', {
      name: new RegExp(`@${creator.username}`),
    });
    await waitFor(() => expect(row).toHaveFocus());
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
  });
});
