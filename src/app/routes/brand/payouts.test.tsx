import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign } from '#test/world';
import { realService } from '#testing/service';

configure({ asyncUtilTimeout: 8000 });

const service = realService();

/**
 * A brand whose Spring launch paid Anna $15.00 for 10 uses of her code and Ben $6.00 for 4 uses
 * and a $250.00 payout.
 */
async function payoutsWorld() {
  const { world } = service;
  const { team, campaign, t } = await brandWithActiveCampaign(service, 'Payouts', {
    name: 'Spring launch',
  });
  const anna = await world.approvedCreator(team, campaign, { username: `anna_${t}` });
  const ben = await world.approvedCreator(team, campaign, { username: `ben_${t}` });
  const group = await world.codeGroup(team, {
    name: 'Creator codes',
    user_description: '15% off your first order',
    commission_cents: 150,
  });
  const T = t.toUpperCase();
  const codes = { anna: `PAY-ANNA-${T}`, ben: `PAY-BEN-${T}` };
  await world.api(team, 'POST', '/codes', { group_id: group.id, codes: [codes.anna, codes.ben] });
  await world.assignCode(codes.anna, anna.id, campaign.id);
  await world.assignCode(codes.ben, ben.id, campaign.id);
  await world.api(team, 'PUT', '/codes', {
    usage: [
      { code: codes.anna, total_uses: 10 },
      { code: codes.ben, total_uses: 4 },
    ],
  });
  await world.ops('POST', '/ops/payouts', {
    campaign_id: campaign.id,
    creator_id: ben.id,
    amount_cents: 25_000,
  });
  return { team, campaign, anna, ben, group, codes, t };
}

describe('payouts', { timeout: 30_000 }, () => {
  it('shows the totals, the creators by earnings, and the entries behind a creator with its report', async () => {
    const { team, anna, ben, codes, group, campaign } = await payoutsWorld();
    const user = userEvent.setup();
    const { container } = renderApp(paths.payouts.href(team.brand.id), team.key);

    const totals = await screen.findByRole('region', { name: 'Totals of the period' });
    await waitFor(() => expect(totals).toHaveTextContent('Earned$271.00'));
    expect(totals).toHaveTextContent('From codes$21.00');
    expect(totals).toHaveTextContent('From payouts$250.00');
    expect(totals).toHaveTextContent('Creators paid2');

    const table = screen.getByRole('table', { name: 'Earnings by creator' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining(`@${ben.username}`),
      expect.stringContaining(`@${anna.username}`),
    ]);
    expect(rows[0]).toHaveTextContent('$256.00');

    const open = within(rows[1]!).getByRole('button', { name: new RegExp(`@${anna.username}`) });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const entry = await screen.findByText(`Code ${codes.anna}, 10 uses`);
    const item = entry.closest('li')!;
    expect(item).toHaveTextContent('$15.00');
    expect(item).toHaveTextContent(campaign.name);
    expect(item).toHaveTextContent('through the API');
    expect(within(item).getByRole('link', { name: /See the usage reports/ })).toHaveAttribute(
      'href',
      `${paths.codes.href(team.brand.id)}?group=${group.id}`,
    );
    expect(open).toHaveFocus();

    // By campaign: one row, the whole spend.
    await user.click(screen.getByRole('button', { name: 'By campaign' }));
    const byCampaign = await screen.findByRole('table', { name: 'Earnings by campaign' });
    await waitFor(() => expect(within(byCampaign).getAllByRole('row')).toHaveLength(2));
    expect(within(byCampaign).getAllByRole('row')[1]).toHaveTextContent('$271.00');

    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });

  it('says so when the brand has no earnings, and offers no download', async () => {
    const team = await service.world.brandTeam({ name: 'No payouts yet' });
    renderApp(paths.payouts.href(team.brand.id), team.key);
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await userEvent.setup().selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(
      await screen.findByRole('heading', { name: 'No earnings in this period' }),
    ).toBeVisible();
  });

  it('shows the error with Try again when the payouts cannot be read', async () => {
    const team = await service.world.brandTeam({ name: 'Payouts offline' });
    let fail = true;
    service.intercept((r) => {
      if (fail && r.path.startsWith('/payouts')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp(paths.payouts.href(team.brand.id), team.key);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeVisible();
  });
});
