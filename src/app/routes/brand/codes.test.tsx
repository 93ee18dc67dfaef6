import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { DiscountCodePage } from '#contract/codes';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign } from '#test/world';
import { realService, type Team } from '#testing/service';

configure({ asyncUtilTimeout: 8000 });

const service = realService();

/**
 * A brand with a code group (15% off, $1.50 per use) and three codes: Anna's (10 uses) and Ben's
 * (4 uses), both creators approved on the Spring launch campaign, and a spare one. Codes are
 * unique across brands, so each world's codes carry a suffix of their own.
 */
async function codesWorld() {
  const { world } = service;
  const {
    team,
    campaign: spring,
    t,
  } = await brandWithActiveCampaign(service, 'Codes', {
    name: 'Spring launch',
  });
  const anna = await world.approvedCreator(team, spring, { username: `anna_${t}` });
  const ben = await world.approvedCreator(team, spring, { username: `ben_${t}` });
  const group = await world.codeGroup(team, {
    name: 'Glow Lab creator codes',
    user_description: '15% off your first order',
    commission_cents: 150,
  });
  const T = t.toUpperCase();
  const codes = { anna: `GLOW-ANNA-${T}`, ben: `GLOW-BEN-${T}`, spare: `GLOW-SPARE1-${T}` };
  await world.api(team, 'POST', '/codes', {
    group_id: group.id,
    codes: [codes.anna, codes.ben, codes.spare],
  });
  await world.assignCode(codes.anna, anna.id, spring.id);
  await world.assignCode(codes.ben, ben.id, spring.id);
  await world.api(team, 'PUT', '/codes', {
    usage: [
      { code: codes.anna, total_uses: 10 },
      { code: codes.ben, total_uses: 4 },
    ],
  });
  return { team, spring, anna, ben, group, codes, suffix: T };
}

/** The codes of the team's brand as the service has them now. */
async function codesOf(team: Team) {
  const page = await service.world.api<DiscountCodePage>(team, 'GET', '/codes?limit=100');
  return page.data.map((c) => c.code).sort();
}

/** Every usage report the dashboard sent. */
const usagePuts = () =>
  service.requests
    .filter((r) => r.method === 'PUT' && r.path === '/codes')
    .map((r) => JSON.parse(r.body!) as unknown);

async function upload(user: ReturnType<typeof userEvent.setup>, text: string) {
  const file = new File([text], 'usage.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('CSV file'), file);
}

describe('codes', { timeout: 30_000 }, () => {
  it('lists the group with its offer and commission, and its codes with usage and assignment', async () => {
    const { team, ben, codes } = await codesWorld();
    // Ben's profile cannot be read (the network drops that one request): his id stays.
    service.intercept((r) => {
      if (r.path.endsWith(`/creators/${ben.id}`)) throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderApp(paths.codes.href(team.brand.id), team.key);
    const group = await screen.findByRole('button', { name: /Glow Lab creator codes/ });
    expect(group).toHaveTextContent('15% off your first order');
    expect(group).toHaveTextContent('$1.50 per use');
    const anna = await screen.findByRole('row', { name: new RegExp(codes.anna) });
    expect(anna).toHaveTextContent('10');
    expect(anna).toHaveTextContent('$15.00');
    // The code names the creator's id; the table shows their username once it is known.
    await waitFor(() => expect(anna).toHaveTextContent(`@anna_`));
    expect(await screen.findByRole('row', { name: new RegExp(codes.ben) })).toHaveTextContent(
      ben.id,
    );
    expect(anna).toHaveTextContent('Spring launch');
    expect(screen.getByRole('row', { name: new RegExp(codes.spare) })).toHaveTextContent(
      'Unassigned',
    );
    // Only the unassigned code can be deleted.
    expect(screen.getByRole('button', { name: `Delete ${codes.spare}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${codes.anna}` })).toBeNull();
    // Every code has the group's offer, said above the table: no column repeats it.
    expect(screen.queryByRole('columnheader', { name: 'Offer' })).toBeNull();
  });

  it('shows an Offer column when a code has an offer of its own', async () => {
    const { team, group, suffix } = await codesWorld();
    const own = `GLOW-VIP-${suffix}`;
    await service.world.api(team, 'POST', '/codes', {
      group_id: group.id,
      codes: [own],
      user_description: '25% off for VIPs',
    });
    renderApp(paths.codes.href(team.brand.id), team.key);
    const row = await screen.findByRole('row', { name: new RegExp(own) });
    expect(row).toHaveTextContent('25% off for VIPs');
    expect(screen.getByRole('columnheader', { name: 'Offer' })).toBeInTheDocument();
  });

  it('flags a decreasing row before sending, then sends the fixed file and shows the new earnings', async () => {
    const { team, codes, suffix } = await codesWorld();
    const none = `GLOW-NONE-${suffix}`;
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await screen.findByRole('row', { name: new RegExp(codes.anna) });

    await upload(
      user,
      `code,total_uses\n${codes.anna},12\n${codes.ben},3\n${none},1\n${codes.spare},x\n`,
    );
    const preview = await screen.findByRole('table', { name: 'Usage preview' });
    expect(within(preview).getByRole('row', { name: new RegExp(codes.ben) })).toHaveTextContent(
      `Refused: code "${codes.ben}" already has 4 uses reported; reported usage never decreases (got 3)`,
    );
    expect(within(preview).getByRole('row', { name: new RegExp(none) })).toHaveTextContent(
      `Refused: no code "${none}" exists`,
    );
    expect(
      within(preview).getByRole('row', { name: new RegExp(`${codes.spare},x`) }),
    ).toHaveTextContent('total_uses must be a whole number');
    expect(within(preview).getByRole('row', { name: new RegExp(codes.anna) })).toHaveTextContent(
      '$3.00',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('3 rows would be refused');
    expect(screen.getByRole('button', { name: /Send usage/ })).toBeDisabled();
    expect(usagePuts()).toEqual([]);

    // Fix the rows in the text and preview again.
    const text = screen.getByRole('textbox', { name: 'Usage CSV' });
    await user.clear(text);
    await user.type(text, `code,total_uses{Enter}${codes.anna},12{Enter}${codes.ben},6{Enter}`);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByText(/2 rows ready: 4 new uses, \$6\.00 in earnings/)).toBeVisible(),
    );
    await user.click(screen.getByRole('button', { name: 'Send usage for 2 codes' }));
    expect(await screen.findByText(/2 rows sent, 2 codes changed/)).toBeVisible();
    expect(usagePuts()).toEqual([
      {
        usage: [
          { code: codes.anna, total_uses: 12 },
          { code: codes.ben, total_uses: 6 },
        ],
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('row', { name: new RegExp(codes.anna) })).toHaveTextContent('$18.00'),
    );
  });

  it('shows a refusal of the service on the rows it names', async () => {
    const { team, codes } = await codesWorld();
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await screen.findByRole('row', { name: new RegExp(codes.anna) });
    await upload(user, `code,total_uses\n${codes.anna},11\n${codes.ben},5\n`);
    await screen.findByText(/2 rows ready/);
    // Someone else reported more uses for Ben's code after the preview was made.
    await service.world.api(team, 'PUT', '/codes', {
      usage: [{ code: codes.ben, total_uses: 9 }],
    });
    await user.click(screen.getByRole('button', { name: 'Send usage for 2 codes' }));
    const preview = () => screen.getByRole('table', { name: 'Usage preview' });
    // The live refresh of the codes may mark Ben's row before the send has answered: wait for the
    // send's own end (its refusal alert) before reading the rows.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => a.textContent?.includes('The service refused 2 rows')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(within(preview()).getByRole('row', { name: new RegExp(codes.ben) })).toHaveTextContent(
        `Refused: code "${codes.ben}" already has 9 uses reported; reported usage never decreases (got 5)`,
      ),
    );
    // Said once, though the preview (refreshed) and the service's refusal both find it.
    expect(
      within(preview()).getByRole('row', { name: new RegExp(codes.ben) }).textContent,
    ).not.toMatch(/never decreases \(got 5\);/);
    expect(within(preview()).getByRole('row', { name: new RegExp(codes.anna) })).toHaveTextContent(
      'not saved: another row of its batch was refused',
    );
    expect(
      screen
        .getAllByRole('alert')
        .some((a) => a.textContent?.includes('The service refused 2 rows')),
    ).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Usage sent' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
  });

  it('adds pasted codes and says which code exists already', async () => {
    const { team, codes, suffix } = await codesWorld();
    const [new1, new2] = [`GLOW-NEW1-${suffix}`, `GLOW-NEW2-${suffix}`];
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await user.click(await screen.findByRole('button', { name: 'Add codes' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add codes to Glow Lab creator codes',
    });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Codes' }),
      `${new1}{Enter}${codes.anna}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    // The service names codes[1]; the page names the line it is on.
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Some codes exist already: nothing was added');
    expect(refusal).toHaveTextContent(`Line 2: "${codes.anna}" already exists`);
    expect(refusal).not.toHaveTextContent('codes[');
    expect(await codesOf(team)).not.toContain(new1);
    const box = within(dialog).getByRole('textbox', { name: 'Codes' });
    await user.clear(box);
    // Typed in lower case, kept in capitals (docs/decisions/0169-codes-in-upper-case.md).
    await user.type(box, `${new1}{Enter}${new2.toLowerCase()}{Enter}bad!code`);
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(
      'Line 3: "bad!code" must be 1 to 64 letters, digits, - or _',
    );
    // Refused before sending: nothing of the list was added.
    expect(await codesOf(team)).not.toContain(new2);
    await user.type(box, '{Backspace}'.repeat(9));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await codesOf(team)).toContain(new2);
    expect(await screen.findByRole('row', { name: new RegExp(new1) })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: new RegExp(new2) })).toBeInTheDocument();
  });

  it('adds codes once when Add is clicked twice in quick succession, and says they were added', async () => {
    const { team, suffix } = await codesWorld();
    const added = [1, 2, 3].map((n) => `GLOW-TWICE${n}-${suffix}`);
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await user.click(await screen.findByRole('button', { name: 'Add codes' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add codes to Glow Lab creator codes',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Codes' }), added.join('{Enter}'));
    const add = within(dialog).getByRole('button', { name: 'Add 3 codes' });
    // Both clicks land before the button can show it is busy, as a double click does.
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Added 3 codes')).toBeInTheDocument();
    expect(service.requests.filter((r) => r.method === 'POST' && r.path === '/codes')).toHaveLength(
      1,
    );
    expect(await codesOf(team)).toEqual(expect.arrayContaining(added));
  });

  it('trying again after a lost answer says the codes were added, not that they exist', async () => {
    const { team, suffix } = await codesWorld();
    const added = [1, 2].map((n) => `GLOW-LOST${n}-${suffix}`);
    // The first add reaches the service and is done, but its answer never arrives.
    let lose = true;
    service.intercept(async (r) => {
      if (!lose || r.method !== 'POST' || r.path !== '/codes') return undefined;
      lose = false;
      await service.app().request('/2026-07/codes', {
        method: 'POST',
        headers: r.headers,
        body: r.body,
      });
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await user.click(await screen.findByRole('button', { name: 'Add codes' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add codes to Glow Lab creator codes',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Codes' }), added.join('{Enter}'));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The service could not be reached',
    );
    expect(await codesOf(team)).toEqual(expect.arrayContaining(added));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Added 2 codes')).toBeInTheDocument();
    const posts = service.requests.filter((r) => r.method === 'POST' && r.path === '/codes');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(posts[0]!.headers.get('Idempotency-Key'));
    expect(posts[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('deletes an unassigned code after asking', async () => {
    const { team, codes } = await codesWorld();
    const user = userEvent.setup();
    renderApp(paths.codes.href(team.brand.id), team.key);
    await user.click(await screen.findByRole('button', { name: `Delete ${codes.spare}` }));
    const confirm = await screen.findByRole('alertdialog', { name: `Delete code ${codes.spare}` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete code' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(codes.spare) })).toBeNull(),
    );
    expect(await codesOf(team)).toEqual([codes.anna, codes.ben].sort());
  });

  it('has no accessibility violations axe can find', async () => {
    const { team, codes } = await codesWorld();
    const user = userEvent.setup();
    const { container } = renderApp(paths.codes.href(team.brand.id), team.key);
    await screen.findByRole('row', { name: new RegExp(codes.anna) });
    await upload(user, `code,total_uses\n${codes.anna},12\n${codes.ben},3\n`);
    await screen.findByRole('table', { name: 'Usage preview' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
