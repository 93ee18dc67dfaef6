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
    `Refused: code "${used!.code}" already has ${used!.total_uses} uses reported; reported usage never decreases (got ${used!.total_uses - 1})`,
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

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('Add codes refuses bad lines by number before sending, then adds the fixed list', async ({
      page,
    }) => {
      const code = `E2E-${viewport.width}-${Date.now().toString(36).toUpperCase()}`;
      await signIn(page, DEMO.brandKey);
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Codes',
      });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
      const open = page.getByRole('button', { name: 'Add codes' });
      await open.scrollIntoViewIfNeeded();
      await expect(open).toBeInViewport();
      await open.click();
      const dialog = page.getByRole('dialog', { name: /^Add codes to / });
      const box = dialog.getByRole('textbox', { name: 'Codes' });
      await box.fill(`bad code with spaces\nÄÖÜ-CODE\n"10% off, summer",SUMMER10\n${code}`);
      await expect(dialog.getByText('Read as one code per line.', { exact: false })).toBeVisible();
      const add = dialog.getByRole('button', { name: 'Add 1 code' });
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      await add.click();
      const problems = dialog.getByRole('alert').filter({ hasText: 'Fix these lines first' });
      await expect(problems).toContainText('Line 1: "bad code with spaces" must be');
      await expect(problems).toContainText('Line 2: "ÄÖÜ-CODE" must be');
      await expect(problems).toContainText('Line 3: 2 values on one line');
      await expectAccessible(page, `add codes with bad lines at ${viewport.width}`);

      await box.fill(code);
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      await add.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Added 1 code')).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    });

    test('a double click on Add adds the codes once and says so; a code that exists is named by its line', async ({
      page,
      request,
    }) => {
      const stamp = `${viewport.width}-${Date.now().toString(36).toUpperCase()}`;
      const fresh = [1, 2, 3].map((n) => `E2E-TWICE${n}-${stamp}`);
      const existing = (await get<{ data: Code[] }>(request, '/codes?limit=1')).data[0]!.code;
      await signIn(page, DEMO.brandKey);
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Codes',
      });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
      const open = page.getByRole('button', { name: 'Add codes' });
      await open.scrollIntoViewIfNeeded();
      await expect(open).toBeInViewport();
      await open.click();
      const dialog = page.getByRole('dialog', { name: /^Add codes to / });
      const box = dialog.getByRole('textbox', { name: 'Codes' });

      // A header line first: the existing code is on line 3 of the text, codes[1] of the list.
      await box.fill(`code\n${fresh[0]}\n${existing}\n`);
      const addTwo = dialog.getByRole('button', { name: 'Add 2 codes' });
      await addTwo.scrollIntoViewIfNeeded();
      await expect(addTwo).toBeInViewport();
      await addTwo.click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'nothing was added' });
      await expect(refusal).toContainText(`Line 3: "${existing}" already exists`);
      await expect(refusal).not.toContainText('codes[');
      await expectAccessible(page, `add codes refused at ${viewport.width}`);

      // Keyboard alone for the fixed list, then a double click of the mouse on Add.
      await box.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(fresh.join('\n'));
      await expect(refusal).toBeHidden();
      const addThree = dialog.getByRole('button', { name: 'Add 3 codes' });
      await addThree.scrollIntoViewIfNeeded();
      await expect(addThree).toBeInViewport();
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/2026-07/codes')
          posts.push(r.url());
      });
      await addThree.dblclick();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Added 3 codes')).toBeVisible();
      expect(posts).toHaveLength(1);
      const after = await get<{ data: Code[] }>(
        request,
        `/codes?${fresh.map((c) => `code=${c}`).join('&')}`,
      );
      expect(after.data.map((c) => c.code).sort()).toEqual([...fresh].sort());
    });
  });
}
