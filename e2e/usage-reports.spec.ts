import type { APIRequestContext, Locator, Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { intakePort } from '../playwright.config.ts';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { LAPTOP_AND_PHONE } from './support/ui.ts';

// Usage reported by e-mail, end to end: the Codes screen is open, a real message goes over SMTP
// (nodemailer as the client) to the intake the e2e server runs (INTAKE_SMTP_PORT = intakePort),
// addressed to the intake address the page shows, and the report appears in the Usage reports
// list without a reload; a second message with a bad row is refused and its rows read by line.

type Group = { id: string; name: string; commission_cents: number };
type Code = { code: string; total_uses: number; earnings_cents: number };

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/2026-07${path}`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json();
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Sends one message with a CSV attachment to the running intake; resolves on its 250. */
async function mailReport(options: { from: string; to: string; csv: string; subject: string }) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: intakePort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    const info = await transport.sendMail({
      from: options.from,
      to: options.to,
      subject: options.subject,
      text: 'Usage attached.',
      attachments: [{ filename: 'usage.csv', content: options.csv, contentType: 'text/csv' }],
    });
    expect(info.response, 'the intake took the message').toMatch(/^250/);
  } finally {
    transport.close();
  }
}

async function inView(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  return control;
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
}

for (const viewport of LAPTOP_AND_PHONE) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a report e-mailed to the intake address appears live; a refused one opens to its rows by line', async ({
      page,
      request,
    }) => {
      const groups = await get<{ data: Group[] }>(request, '/code-groups');
      // The Codes screen shows the first group unless another is chosen.
      const group = groups.data[0]!;
      const codes = await get<{ data: Code[] }>(
        request,
        `/codes?group_id=${group.id}&assigned=true&limit=100`,
      );
      const code = codes.data[0]!;
      expect(code, 'the demo world has an assigned code').toBeDefined();
      const sender = `partner-${viewport.width}-${Date.now().toString(36)}@shop.example`;

      await signIn(page, DEMO.brandKey);
      const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Codes',
      });
      await (await inView(nav)).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
      const codeRow = page.getByRole('row', { name: new RegExp(`^${code.code}\\b`) });
      await expect(codeRow).toContainText(money(code.earnings_cents));

      // The address is taken from the page as a brand manager would: with its Copy button.
      const address = await inView(page.getByLabel(`Intake address of ${group.name}`));
      const shown = (await address.textContent())!.trim();
      expect(shown).toMatch(/^usage\+[0-9a-f]{32}@intake\.localhost$/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await (await inView(page.getByRole('button', { name: 'Copy address' }))).click();
      await expect(page.getByText('Intake address copied')).toBeVisible();
      const to = await page.evaluate(() => navigator.clipboard.readText());
      expect(to).toBe(shown);
      const reports = page.getByRole('region', { name: 'Usage reports' });
      await expect(reports).toBeVisible();
      await expectAccessible(page, `the codes screen with the intake card at ${viewport.width}`);

      // A mark on the page's window: still there at the end means the page never reloaded.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // 1. Applied: the code's running total rises by 2.
      await mailReport({
        from: sender,
        to,
        subject: 'Usage this week',
        csv: `code,total_uses\r\n${code.code},${code.total_uses + 2}\r\n`,
      });
      const applied = reports
        .getByRole('listitem')
        .filter({ hasText: sender })
        .filter({ hasText: 'Applied' });
      await expect(applied).toBeVisible();
      await inView(applied);
      await expect(applied).toContainText('E-mail');
      await expect(applied).toContainText(
        `1 code changed · 2 uses added · ${money(2 * group.commission_cents)} paid`,
      );
      // The codes table follows without a reload.
      await expect(codeRow).toContainText(money(code.earnings_cents + 2 * group.commission_cents));

      // 2. Refused: one good row and one naming a code the group does not have.
      const unknown = `NOPE-${Date.now().toString(36).toUpperCase()}`;
      await mailReport({
        from: sender,
        to,
        subject: 'Usage correction',
        csv: `code,total_uses\n${code.code},${code.total_uses + 5}\n${unknown},4\n`,
      });
      const refused = reports
        .getByRole('listitem')
        .filter({ hasText: sender })
        .filter({ hasText: 'Refused' });
      await expect(refused).toContainText('1 problem · nothing changed');
      const opener = await inView(refused.locator('summary'));
      await expect(opener).toContainText('Show problems');
      await opener.click();
      await expect(opener).toContainText('Hide problems');
      const rows = refused.getByRole('list', { name: 'Refused rows' });
      await inView(rows);
      await expect(rows.getByRole('listitem')).toHaveText([
        `Line 3 (${unknown}): no code "${unknown}" exists in this group`,
      ]);
      // All or nothing: the good row of the refused report changed nothing.
      await expect(codeRow).toContainText(money(code.earnings_cents + 2 * group.commission_cents));
      expect(await page.evaluate(() => '__sameDocument' in window), 'no reload').toBe(true);
      await noSidewaysScroll(page);
      await expectAccessible(
        page,
        `the usage reports with a refused one open at ${viewport.width}`,
      );
      await page.screenshot({ path: `/tmp/usage-reports-${viewport.width}.png`, fullPage: true });
      await page
        .getByRole('region', { name: 'Report usage by e-mail' })
        .screenshot({ path: `/tmp/usage-intake-${viewport.width}.png` });
      await reports.screenshot({ path: `/tmp/usage-reports-list-${viewport.width}.png` });
    });
  });
}
