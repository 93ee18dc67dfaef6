import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { inView, noSidewaysScroll, use, LAPTOP_AND_PHONE } from './support/ui.ts';

// The brand's Payouts (docs/api.md#payouts): the demo world's creators earned from their codes
// (reported by the demo shop, in the record) and from payouts. At both sizes, with the mouse and
// with the keyboard alone: the totals agree with the service, a row opens the codes and reports
// behind it, a report leads to the Codes screen's usage reports, and Download CSV saves every row.

type Summary = { earned_cents: number; creators: number; campaigns: number };
type Total = { creator: { username: string } | null; campaign: { name: string } | null };

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/2026-07${path}`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json();
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function openPayouts(page: Page) {
  await signIn(page, DEMO.brandKey);
  await use(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
}

for (const viewport of LAPTOP_AND_PHONE) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('with the mouse: the totals, a creator’s codes and reports, and the report on Codes', async ({
      page,
      request,
    }) => {
      const brandId = (
        await get<{ brands: { id: string; name: string }[] }>(request, '/me')
      ).brands.find((b) => b.name === DEMO.brand)!.id;
      const first = await get<{ data: Total[]; summary: Summary }>(
        request,
        `/payouts?brand_id=${brandId}&limit=1`,
      );
      expect(first.summary.earned_cents, 'the demo brand has earnings').toBeGreaterThan(0);

      await openPayouts(page);
      const totals = page.getByRole('region', { name: 'Totals of the period' });
      await expect(totals).toContainText(`Earned${money(first.summary.earned_cents)}`);
      await expect(totals).toContainText(`Creators paid${first.summary.creators}`);

      const table = page.getByRole('table', { name: 'Earnings by creator' });
      const top = table.getByRole('rowheader').first();
      await expect(top).toContainText(`@${first.data[0]!.creator!.username}`);
      await noSidewaysScroll(page, 'Payouts');
      await expectAccessible(page, 'Payouts by creator');

      // A creator with a code that earned: its entries name the code and the demo shop's report.
      const page1 = await get<{ data: (Total & { code_cents: number })[] }>(
        request,
        `/payouts?brand_id=${brandId}&limit=25`,
      );
      const username = page1.data.find((r) => r.code_cents > 0)!.creator!.username;
      const escaped = username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const row = table.getByRole('button', { name: new RegExp(`^@${escaped}\\b`) });
      await use(row);
      await expect(row).toHaveAttribute('aria-expanded', 'true');
      const report = page.getByRole('link', { name: /See the usage reports/ }).first();
      await inView(report);
      await expect(
        page.getByText('Reported by Demo shop checkout (simulated)').first(),
      ).toBeVisible();
      await noSidewaysScroll(page, 'Payouts with entries open');
      await expectAccessible(page, 'Payouts with entries open');

      await use(report);
      await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
      await expect(
        page.getByText('Demo shop checkout (simulated)', { exact: true }).first(),
      ).toBeVisible();

      // By campaign, over the last 7 days: the same money, campaign by campaign.
      await page.goBack();
      await use(page.getByRole('button', { name: 'By campaign' }));
      const byCampaign = page.getByRole('table', { name: 'Earnings by campaign' });
      await expect(byCampaign.getByRole('rowheader').first()).toBeVisible();
      await page.getByLabel('Period', { exact: true }).selectOption('Last 7 days');
      await expect(page).toHaveURL(/by=campaign&period=7d|period=7d&by=campaign/);
      await expect(page.getByRole('region', { name: 'Totals of the period' })).toContainText(
        'Earned$',
      );
      await noSidewaysScroll(page, 'Payouts by campaign');
    });

    test('with the keyboard alone: switch to campaigns, open a row, and download the CSV of every row', async ({
      page,
      request,
    }) => {
      const brandId = (
        await get<{ brands: { id: string; name: string }[] }>(request, '/me')
      ).brands.find((b) => b.name === DEMO.brand)!.id;
      const all = await get<{ data: Total[]; has_more: boolean }>(
        request,
        `/payouts?brand_id=${brandId}&group_by=campaign&limit=100`,
      );
      expect(all.has_more).toBe(false);

      await openPayouts(page);
      const byCreator = page.getByRole('button', { name: 'By creator' });
      await byCreator.focus();
      await page.keyboard.press('Tab');
      const byCampaign = page.getByRole('button', { name: 'By campaign' });
      await expect(byCampaign).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(byCampaign).toHaveAttribute('aria-pressed', 'true');
      await expect(byCampaign).toBeFocused();
      const table = page.getByRole('table', { name: 'Earnings by campaign' });
      await expect(table.getByRole('rowheader')).toHaveCount(all.data.length);

      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Period', { exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      const download = page.getByRole('button', { name: 'Download CSV' });
      await expect(download).toBeFocused();
      await inView(download);
      const saved = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const file = await saved;
      expect(file.suggestedFilename()).toMatch(/^payouts-glow-lab-by-campaign-all-time-.*\.csv$/);
      const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe(
        'group,id,name,earned,from_codes,from_payouts,uses,codes,creators,campaigns,last_earned_at',
      );
      expect(lines).toHaveLength(all.data.length + 1);
      await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText(
        `Exported ${all.data.length}`,
      );

      // The first campaign's entries, opened from the keyboard; the focus stays on its row.
      const first = table.getByRole('rowheader').first().getByRole('button');
      await first.focus();
      await inView(first);
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toBeFocused();
      await expect(
        page.getByRole('heading', { name: /^What .* earned, newest first$/ }),
      ).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await noSidewaysScroll(page, 'Payouts by campaign');
      await expectAccessible(page, 'Payouts by campaign after the download');
    });
  });
}
