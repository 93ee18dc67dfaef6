import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

type Code = {
  code: string;
  group_id: string;
  total_uses: number;
  assigned_creator_id: string | null;
  earnings_cents: number;
};

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/2026-07${path}`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json();
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function chooseCsv(page: Page, text: string) {
  await page.getByLabel('CSV file').setInputFiles({
    name: 'usage.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
}

test('a brand manager uploads usage, sees a decreasing row flagged, fixes it and sees the earnings change', async ({
  page,
  request,
}) => {
  const groups = await get<{ data: { id: string; commission_cents: number }[] }>(
    request,
    '/code-groups',
  );
  const group = groups.data[0]!;
  const codes = await get<{ data: Code[] }>(
    request,
    `/codes?group_id=${group.id}&assigned=true&limit=100`,
  );
  // One code with uses reported already (its total can be decreased), one more to raise.
  const used = codes.data.find((c) => c.total_uses > 0);
  const other = codes.data.find((c) => c !== used);
  expect(used, 'the demo world has an assigned code with usage').toBeDefined();
  expect(other).toBeDefined();

  await signIn(page, DEMO.brandKey);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
  const usedRow = page.getByRole('row', { name: new RegExp(`^${used!.code}\\b`) });
  await expect(usedRow).toContainText(money(used!.earnings_cents));
  await expectAccessible(page, 'the codes screen');

  await chooseCsv(
    page,
    `code,total_uses\r\n${other!.code},${other!.total_uses + 2}\r\n${used!.code},${used!.total_uses - 1}\r\n`,
  );
  const preview = page.getByRole('table', { name: 'Usage preview' });
  await expect(preview.getByRole('row', { name: new RegExp(used!.code) })).toContainText(
    `Refused: would decrease the uses from ${used!.total_uses} to ${used!.total_uses - 1}`,
  );
  await expect(page.getByRole('alert').filter({ hasText: '1 row would be refused' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send usage/ })).toBeDisabled();
  await expectAccessible(page, 'the usage preview with a refused row');

  // Fix the row in the text and check again.
  const text = page.getByRole('textbox', { name: 'Usage CSV' });
  await text.fill(
    `code,total_uses\n${other!.code},${other!.total_uses + 2}\n${used!.code},${used!.total_uses + 3}\n`,
  );
  await page.getByRole('button', { name: 'Preview' }).click();
  const commission = group.commission_cents;
  await expect(page.getByText(`2 rows ready: 5 new uses, ${money(5 * commission)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Send usage for 2 codes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Usage reported' })).toBeVisible();

  await expect(usedRow).toContainText(money(used!.earnings_cents + 3 * commission));
  await expect(usedRow).toContainText(String(used!.total_uses + 3));
  const after = await get<{ data: Code[] }>(request, `/codes?code=${used!.code}`);
  expect(after.data[0]!.earnings_cents).toBe(used!.earnings_cents + 3 * commission);
});
