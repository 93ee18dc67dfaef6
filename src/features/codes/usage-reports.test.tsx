import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { CodeGroup } from '#contract/codes';
import type { UsageReportPage } from '#contract/usage-reports';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { realService, type Team } from '#testing/service';

// The Codes screen's intake card and Usage reports list on the real service in-process: reports
// made through the interface (JSON and CSV, applied and refused) are what the list shows, a new
// one arrives by the live event stream, and "New address" replaces the address in the service.

configure({ asyncUtilTimeout: 8000 });

const service = realService();

const tag = () => Math.random().toString(16).slice(2, 10).toUpperCase();

/** A group of the team's brand at $1.50 a use with two codes, the first held by a creator. */
async function groupWithCodes(team: Team) {
  const { world } = service;
  const group = await world.ops<CodeGroup>('POST', '/ops/code-groups', {
    brand_id: team.brand.id,
    name: `Reports ${tag()}`,
    user_description: '15% off your first order',
    commission_cents: 150,
  });
  const codes = [`HELD-${tag()}`, `SPARE-${tag()}`] as const;
  await world.api(team, 'POST', '/codes', { group_id: group.id, codes });
  const campaign = await world.campaign(team, 'active');
  const creator = await world.approvedCreator(team, campaign);
  await world.ops('POST', `/ops/codes/${codes[0]}/assign`, {
    creator_id: creator.id,
    campaign_id: campaign.id,
  });
  return { group, codes };
}

async function putCsv(team: Team, csv: string) {
  return service.ctx.request('PUT', '/2026-07/codes', {
    key: team.key,
    rawBody: csv,
    headers: { 'Content-Type': 'text/csv' },
  });
}

/** The list of reports (the first list of the region; each refused report has one inside). */
const reportList = async () =>
  (
    await within(await screen.findByRole('region', { name: 'Usage reports' })).findAllByRole('list')
  )[0]!;

/** The reports in the list (not the refused rows inside them). */
const reportItems = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

/** axe on the page (jsdom computes no colours, so contrast is left to the e2e journey). */
async function expectNoAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('usage reports on the Codes screen', { timeout: 40_000 }, () => {
  it('lists the group’s reports from the service, newest first; a refused one opens to its rows by line; a new one arrives live', async () => {
    const team = await service.world.brandTeam({ name: `Usage ${tag()}` });
    const { group, codes } = await groupWithCodes(team);
    const [held, spare] = codes;
    // Another group of the same brand: its report is not this group's.
    const other = await groupWithCodes(team);
    await service.world.api(team, 'PUT', '/codes', {
      usage: [{ code: other.codes[0], total_uses: 9 }],
    });

    await service.world.api(team, 'PUT', '/codes', {
      usage: [
        { code: held, total_uses: 3 },
        { code: spare, total_uses: 1 },
      ],
    });
    const unknown = `NOPE-${tag()}`;
    const refusedCsv = await putCsv(team, `code,total_uses\n${held},2\n${unknown},4\n`);
    expect(refusedCsv.status).toBe(422);

    const user = userEvent.setup();
    renderApp(`${paths.codes.href(team.brand.id)}?group=${group.id}`, team.key);
    const list = await reportList();
    const items = reportItems(list);
    expect(items).toHaveLength(2);
    const [refused, applied] = items as [HTMLElement, HTMLElement];
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('API');
    expect(refused).toHaveTextContent('2 problems · nothing changed');
    expect(applied).toHaveTextContent('Applied');
    expect(applied).toHaveTextContent('2 codes changed · 4 uses added · $4.50 paid');
    expect(within(refused).queryByRole('list', { name: 'Refused rows' })).not.toBeVisible();

    await user.click(within(refused).getByText('Show problems'));
    const rows = within(refused).getByRole('list', { name: 'Refused rows' });
    expect(rows).toBeVisible();
    const lines = within(rows)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^Line 2 \\(${held}\\): .*never decreases \\(got 2\\)`));
    expect(lines[1]).toBe(`Line 3 (${unknown}): no code "${unknown}" exists`);
    expect(within(refused).getByText('Hide problems')).toBeInTheDocument();
    await expectNoAxeViolations();

    // A report sent elsewhere while the screen is open arrives by the live event stream.
    const before = service.requests.filter((r) => r.path === '/usage-reports').length;
    await service.world.api(team, 'PUT', '/codes', { usage: [{ code: held, total_uses: 5 }] });
    await waitFor(() => {
      const now = reportItems(list);
      expect(now).toHaveLength(3);
      expect(now[0]).toHaveTextContent('1 code changed · 2 uses added · $3.00 paid');
    });
    expect(service.requests.filter((r) => r.path === '/usage-reports').length).toBeGreaterThan(
      before,
    );
    expect(service.requests.some((r) => r.path === '/events')).toBe(true);
    // What the list shows is what the service holds.
    const stored = await service.world.api<UsageReportPage>(
      team,
      'GET',
      `/usage-reports?group_id=${group.id}`,
    );
    expect(stored.data.map((r) => r.outcome)).toEqual(['applied', 'refused', 'applied']);
  });

  it('shows the group’s intake address with the rules, no reports yet, and replaces the address after asking', async () => {
    const team = await service.world.brandTeam({ name: `Intake ${tag()}` });
    const { group } = await groupWithCodes(team);
    const user = userEvent.setup();
    renderApp(`${paths.codes.href(team.brand.id)}?group=${group.id}`, team.key);

    const card = await screen.findByRole('region', { name: 'Report usage by e-mail' });
    const address = within(card).getByLabelText(`Intake address of ${group.name}`);
    expect(address).toHaveTextContent(group.intake_address);
    expect(card).toHaveTextContent('Attach one CSV file whose first line is code,total_uses');
    expect(
      await within(screen.getByRole('region', { name: 'Usage reports' })).findByText(
        'No usage reports for this group yet.',
      ),
    ).toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(within(card).getByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace the intake address?' });
    expect(dialog).toHaveTextContent(
      `Mail to the current address of ${group.name} will be refused`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    await waitFor(() => expect(address).not.toHaveTextContent(group.intake_address));
    const groups = await service.world.api<{ data: CodeGroup[] }>(team, 'GET', '/code-groups');
    const now = groups.data.find((g) => g.id === group.id)!;
    expect(now.intake_address).not.toBe(group.intake_address);
    expect(within(card).getByLabelText(`Intake address of ${group.name}`)).toHaveTextContent(
      now.intake_address,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
