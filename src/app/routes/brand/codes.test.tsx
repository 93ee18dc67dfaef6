import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeGroup, DiscountCode } from '#contract/codes';
import { paths } from '#config/paths';
import { makeCampaign } from '#features/campaigns/test/fixtures';
import { configureApiClient } from '#lib/api-client';
import { activityService, makeCreator } from '#test/activity-service';
import { renderApp } from '#test/campaign-service';
import { errorResponse, GLOW_LAB, jsonResponse } from '#test/http';

configure({ asyncUtilTimeout: 4000 });

const spring = makeCampaign(1, { name: 'Spring launch' });
const GROUP: CodeGroup = {
  id: '00000000-0000-4000-8000-0000000000a1',
  brand_id: GLOW_LAB.id,
  name: 'Glow Lab creator codes',
  user_description: '15% off your first order',
  commission_cents: 150,
  codes_count: 3,
  intake_address: 'usage+0123456789abcdef0123456789abcdef@intake.localhost',
  created_at: '2026-07-01T00:00:00.000Z',
};

const makeCode = (code: string, totalUses: number, creator: string | null): DiscountCode => ({
  code,
  group_id: GROUP.id,
  user_description: GROUP.user_description,
  total_uses: totalUses,
  assigned_creator_id: creator,
  assigned_campaign_id: creator ? spring.id : null,
  earnings_cents: creator ? totalUses * GROUP.commission_cents : 0,
  last_reported_at: totalUses > 0 ? '2026-07-02T10:00:00.000Z' : null,
  created_at: '2026-07-01T00:00:00.000Z',
});

afterEach(() => configureApiClient({ credentials: () => null }));

/** The code endpoints of the extensions (section 4), on a list the test can read. */
function codeService() {
  const codes = [
    makeCode('GLOW-ANNA', 10, 'creator_anna'),
    makeCode('GLOW-BEN', 4, 'creator_ben'),
    makeCode('GLOW-SPARE1', 0, null),
  ];
  const puts: unknown[] = [];
  const service = activityService({
    campaigns: [spring],
    creators: {
      [spring.id]: [
        makeCreator(1, { creator_id: 'creator_anna', username: 'anna.glow', status: 'approved' }),
      ],
    },
    override: async (method, url) => {
      const path = url.pathname.replace(/^\/2026-07/, '');
      const q = url.searchParams;
      if (path === '/usage-reports')
        return jsonResponse({ data: [], has_more: false, next_cursor: null });
      if (path === '/code-groups')
        return jsonResponse({
          data: [{ ...GROUP, codes_count: codes.length }],
          has_more: false,
          next_cursor: null,
        });
      if (path === '/codes' && method === 'GET') {
        const wanted = q.getAll('code');
        const assigned = q.get('assigned');
        const rows = codes.filter(
          (c) =>
            (wanted.length === 0 || wanted.includes(c.code)) &&
            (!q.get('group_id') || c.group_id === q.get('group_id')) &&
            (assigned === null || (c.assigned_creator_id !== null) === (assigned === 'true')),
        );
        return jsonResponse({ data: rows, has_more: false, next_cursor: null });
      }
      return undefined;
    },
  });
  // PUT, POST and DELETE carry bodies: answer them from the fetch mock itself.
  const answer = service.fetchMock.getMockImplementation()!;
  service.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/2026-07/, '');
    if (path === '/codes' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as {
        usage: { code: string; total_uses: number }[];
      };
      puts.push(body);
      const problems = body.usage.flatMap((u, i) => {
        const c = codes.find((x) => x.code === u.code);
        return c && u.total_uses < c.total_uses
          ? [
              `usage[${i}].total_uses: code "${u.code}" already has ${c.total_uses} uses reported; reported usage never decreases (got ${u.total_uses})`,
            ]
          : [];
      });
      if (problems.length) return errorResponse(422, 'usage_decrease', problems.join('; '));
      let updated = 0;
      for (const u of body.usage) {
        const c = codes.find((x) => x.code === u.code)!;
        if (u.total_uses > c.total_uses) updated++;
        if (c.assigned_creator_id)
          c.earnings_cents += (u.total_uses - c.total_uses) * GROUP.commission_cents;
        c.total_uses = u.total_uses;
      }
      return jsonResponse({ updated, data: codes });
    }
    if (path === '/codes' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { codes: string[] };
      const taken = body.codes.find((c) => codes.some((x) => x.code === c));
      if (taken)
        return errorResponse(
          409,
          'code_exists',
          `codes[0]: "${taken}" already exists; nothing was added`,
        );
      const added = body.codes.map((c) => makeCode(c, 0, null));
      codes.push(...added);
      return jsonResponse({ data: added }, { status: 201 });
    }
    const del = /^\/codes\/([^/]+)$/.exec(path);
    if (del && method === 'DELETE') {
      const c = codes.find((x) => x.code === decodeURIComponent(del[1]!))!;
      if (c.assigned_creator_id)
        return errorResponse(409, 'code_assigned', `code: "${c.code}" is assigned`);
      codes.splice(codes.indexOf(c), 1);
      return jsonResponse({ code: c.code, deleted: true });
    }
    return answer(input, init);
  });
  return { ...service, codes, puts };
}

async function upload(user: ReturnType<typeof userEvent.setup>, text: string) {
  const file = new File([text], 'usage.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('CSV file'), file);
}

describe('codes', { timeout: 20_000 }, () => {
  it('lists the group with its offer and commission, and its codes with usage and assignment', async () => {
    codeService();
    renderApp(paths.codes.href(GLOW_LAB.id));
    const group = await screen.findByRole('button', { name: /Glow Lab creator codes/ });
    expect(group).toHaveTextContent('15% off your first order');
    expect(group).toHaveTextContent('$1.50 per use');
    const anna = await screen.findByRole('row', { name: /GLOW-ANNA/ });
    expect(anna).toHaveTextContent('10');
    expect(anna).toHaveTextContent('$15.00');
    // The code names the creator's id; the table shows their username once it is known.
    await waitFor(() => expect(anna).toHaveTextContent('@anna.glow'));
    // Ben is not among the campaign's creators the service knows: his id stays.
    expect(await screen.findByRole('row', { name: /GLOW-BEN/ })).toHaveTextContent('creator_ben');
    expect(anna).toHaveTextContent('Spring launch');
    expect(screen.getByRole('row', { name: /GLOW-SPARE1/ })).toHaveTextContent('Unassigned');
    // Only the unassigned code can be deleted.
    expect(screen.getByRole('button', { name: 'Delete GLOW-SPARE1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete GLOW-ANNA' })).toBeNull();
  });

  it('flags a decreasing row before sending, then sends the fixed file and shows the new earnings', async () => {
    const s = codeService();
    const user = userEvent.setup();
    renderApp(paths.codes.href(GLOW_LAB.id));
    await screen.findByRole('row', { name: /GLOW-ANNA/ });

    await upload(user, 'code,total_uses\nGLOW-ANNA,12\nGLOW-BEN,3\nGLOW-NONE,1\nGLOW-SPARE1,x\n');
    const preview = await screen.findByRole('table', { name: 'Usage preview' });
    expect(within(preview).getByRole('row', { name: /GLOW-BEN/ })).toHaveTextContent(
      'Refused: would decrease the uses from 4 to 3',
    );
    expect(within(preview).getByRole('row', { name: /GLOW-NONE/ })).toHaveTextContent(
      'Refused: unknown code "GLOW-NONE"',
    );
    expect(within(preview).getByRole('row', { name: /GLOW-SPARE1,x/ })).toHaveTextContent(
      'total_uses must be a whole number',
    );
    expect(within(preview).getByRole('row', { name: /GLOW-ANNA/ })).toHaveTextContent('$3.00');
    expect(screen.getByRole('alert')).toHaveTextContent('3 rows would be refused');
    expect(screen.getByRole('button', { name: /Send usage/ })).toBeDisabled();
    expect(s.puts).toEqual([]);

    // Fix the rows in the text and preview again.
    const text = screen.getByRole('textbox', { name: 'Usage CSV' });
    await user.clear(text);
    await user.type(text, 'code,total_uses{Enter}GLOW-ANNA,12{Enter}GLOW-BEN,6{Enter}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByText(/2 rows ready: 4 new uses, \$6\.00 in earnings/)).toBeVisible(),
    );
    await user.click(screen.getByRole('button', { name: 'Send usage for 2 codes' }));
    expect(await screen.findByText(/2 rows sent, 2 codes changed/)).toBeVisible();
    expect(s.puts).toEqual([
      {
        usage: [
          { code: 'GLOW-ANNA', total_uses: 12 },
          { code: 'GLOW-BEN', total_uses: 6 },
        ],
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /GLOW-ANNA/ })).toHaveTextContent('$18.00'),
    );
  });

  it('shows a refusal of the service on the rows it names', async () => {
    const s = codeService();
    const user = userEvent.setup();
    renderApp(paths.codes.href(GLOW_LAB.id));
    await screen.findByRole('row', { name: /GLOW-ANNA/ });
    await upload(user, 'code,total_uses\nGLOW-ANNA,11\nGLOW-BEN,5\n');
    await screen.findByText(/2 rows ready/);
    // Someone else reported more uses for GLOW-BEN after the preview was made.
    s.codes.find((c) => c.code === 'GLOW-BEN')!.total_uses = 9;
    await user.click(screen.getByRole('button', { name: 'Send usage for 2 codes' }));
    const preview = () => screen.getByRole('table', { name: 'Usage preview' });
    await waitFor(() =>
      expect(within(preview()).getByRole('row', { name: /GLOW-BEN/ })).toHaveTextContent(
        'Refused: usage[1].total_uses: code "GLOW-BEN" already has 9 uses reported',
      ),
    );
    expect(within(preview()).getByRole('row', { name: /GLOW-ANNA/ })).toHaveTextContent(
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
    const s = codeService();
    const user = userEvent.setup();
    renderApp(paths.codes.href(GLOW_LAB.id));
    await user.click(await screen.findByRole('button', { name: 'Add codes' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add codes to Glow Lab creator codes',
    });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Codes' }),
      'GLOW-NEW1{Enter}GLOW-ANNA',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '"GLOW-ANNA" already exists; nothing was added',
    );
    const box = within(dialog).getByRole('textbox', { name: 'Codes' });
    await user.clear(box);
    await user.type(box, 'GLOW-NEW1{Enter}GLOW-NEW2{Enter}bad!code');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(
      'Line 3: "bad!code" must be 1 to 64 letters, digits, - or _',
    );
    // Refused before sending: nothing of the list was added.
    expect(s.codes.map((c) => c.code)).not.toContain('GLOW-NEW2');
    await user.type(box, '{Backspace}'.repeat(8));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.codes.map((c) => c.code)).toContain('GLOW-NEW2');
    expect(await screen.findByRole('row', { name: /GLOW-NEW1/ })).toBeInTheDocument();
  });

  it('deletes an unassigned code after asking', async () => {
    const s = codeService();
    const user = userEvent.setup();
    renderApp(paths.codes.href(GLOW_LAB.id));
    await user.click(await screen.findByRole('button', { name: 'Delete GLOW-SPARE1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete code GLOW-SPARE1' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete code' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /GLOW-SPARE1/ })).toBeNull());
    expect(s.codes.map((c) => c.code)).toEqual(['GLOW-ANNA', 'GLOW-BEN']);
  });

  it('has no accessibility violations axe can find', async () => {
    codeService();
    const user = userEvent.setup();
    const { container } = renderApp(paths.codes.href(GLOW_LAB.id));
    await screen.findByRole('row', { name: /GLOW-ANNA/ });
    await upload(user, 'code,total_uses\nGLOW-ANNA,12\nGLOW-BEN,3\n');
    await screen.findByRole('table', { name: 'Usage preview' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
