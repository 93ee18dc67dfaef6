import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';

type CampaignJson = { id: string; name: string; brand_name: string; status: string };

/** The buyer API with a demo key, for setting up and checking what the dashboard did. */
async function api(
  request: APIRequestContext,
  key: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await request.fetch(`/2026-07${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    data: body,
  });
  return { status: res.status(), json: await res.json() };
}

async function campaignsNamed(request: APIRequestContext, key: string, name: string) {
  const found: CampaignJson[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const { json } = await api(request, key, 'GET', `/campaigns?limit=100${query}`);
    found.push(...(json.data as CampaignJson[]).filter((c) => c.name === name));
    cursor = json.has_more ? json.next_cursor : null;
  } while (cursor);
  return found;
}

/** Types in the list's search and waits until the list has applied it (it is debounced into the URL). */
async function searchFor(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
}

async function step(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Builder steps' })
    .getByRole('button', { name })
    .click();
}

async function addTask(page: Page, n: number, title: string, platform: string) {
  await page.getByRole('button', { name: 'Add task' }).click();
  const task = page.getByRole('region', { name: `Task ${n}`, exact: true });
  await task.getByLabel('Title').fill(title);
  await task
    .getByLabel('Instructions')
    .fill(`Film a 20-second ${platform} video about ${title.toLowerCase()}.`);
  await task.getByRole('button', { name: platform, exact: true }).click();
}

async function chooseValue(
  page: Page,
  where: string,
  property: string,
  search: string,
  label: string,
) {
  await page
    .getByRole('combobox', { name: `Property, ${where}` })
    .selectOption({ label: property });
  await page.getByRole('button', { name: `Values, ${where}: Choose values` }).click();
  await page.getByRole('searchbox', { name: `Search ${property} values, ${where}` }).fill(search);
  await page.getByRole('checkbox', { name: label, exact: true }).check();
  await page.keyboard.press('Escape');
}

test('a brand manager builds a campaign with two tasks and a two-group targeting rule, publishes it and runs it', async ({
  page,
  ops,
}) => {
  // The longest journey: five builder steps, six accessibility scans and a full lifecycle.
  test.slow();
  const name = uniqueName('Serum launch');
  await signIn(page, DEMO.brandKey);
  await expectAccessible(page, 'the campaign list');

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
  await page.getByLabel('Campaign name').fill(name);
  await page
    .getByLabel('Description', { exact: true })
    .fill('Our new vitamin C serum, shown honestly.');
  await expectAccessible(page, 'the builder basics');

  await step(page, 'Tasks');
  await addTask(page, 1, 'Morning routine', 'TikTok');
  await addTask(page, 2, 'Before and after', 'Instagram');
  await expectAccessible(page, 'the builder tasks');

  await step(page, 'Targeting');
  await page.getByRole('radio', { name: 'Only creators who match these rules' }).check();
  await page.getByRole('textbox', { name: 'Name of group 1 (optional)' }).fill('Audience');
  await page.getByRole('button', { name: 'Add condition to group Audience' }).click();
  await chooseValue(page, 'condition 1 in group Audience', 'Country', 'united st', 'United States');
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('textbox', { name: 'Name of group 2 (optional)' }).fill('Skin lovers');
  await page.getByRole('button', { name: 'Add condition to group Skin lovers' }).click();
  await chooseValue(
    page,
    'condition 1 in group Skin lovers',
    'Niche / category',
    'skin',
    'Skincare',
  );
  // A segmented toggle: the radio is visually hidden, its label is what a person clicks.
  await page.locator('label', { hasText: 'Match ANY group' }).click();
  await expect(page.getByRole('radio', { name: 'Match ANY group' })).toBeChecked();
  await expect(page.getByText(/Reads as: .*United States.*Skincare/)).toBeVisible();
  await expectAccessible(page, 'the builder targeting');

  await step(page, 'Review');
  await expectAccessible(page, 'the builder review');
  await page.getByRole('button', { name: 'Save draft' }).click();

  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Morning routine');
  await expect(page.getByRole('main')).toContainText('Before and after');
  await expect(page.getByRole('main')).toContainText('United States');
  await expect(page.getByRole('main')).toContainText('Skincare');
  await expectAccessible(page, 'the campaign page');
  const campaignId = page.url().split('/').pop() as string;

  // Find it in the list by its status and name.
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Draft' }).click();
  await expect(page).toHaveURL(/status=draft/);
  await searchFor(page, name);
  const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name });
  await expect(row).toBeVisible();
  await row.click();

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Submitted for approval')).toBeVisible();
  await expect(page.getByRole('main').getByText('Pending approval').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  // The platform's reviewers approve it.
  await ops.post(`/campaigns/${campaignId}/review`, { decision: 'approved' });
  await page.reload();
  const pause = page.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeVisible();

  await pause.click();
  const dialog = page.getByRole('alertdialog', { name: `Pause “${name}”?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the pause confirmation');
  await dialog.getByRole('button', { name: 'Pause campaign' }).click();
  await expect(page.getByText('Campaign paused')).toBeVisible();
  const resume = page.getByRole('button', { name: 'Resume' });
  await expect(resume).toBeVisible();

  await resume.click();
  await expect(page.getByText('Campaign resumed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('a draft is deleted after confirming, and leaves the list', async ({ page, request }) => {
  const name = uniqueName('Throwaway draft');
  const created = await api(request, DEMO.brandKey, 'POST', '/campaigns', { name });
  expect(created.status).toBe(201);

  await signIn(page, DEMO.brandKey);
  await searchFor(page, name);
  await page.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete “${name}”?` });
  await dialog.getByRole('button', { name: 'Delete draft' }).click();

  await expect(page.getByText('Draft deleted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await searchFor(page, name);
  await expect(
    page.getByRole('heading', { name: 'No campaigns match these filters' }),
  ).toBeVisible();
  expect(await campaignsNamed(request, DEMO.brandKey, name)).toHaveLength(0);
});

test('a double click on Save draft makes one campaign', async ({ page, request }) => {
  const name = uniqueName('Double click');
  await signIn(page, DEMO.brandKey);
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Save draft' }).dblclick();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await campaignsNamed(request, DEMO.brandKey, name)).toHaveLength(1);
});

test('a field error from the service shows on its field', async ({ page, request }) => {
  // Invite codes are unique across the service: only the service can know this one is taken.
  const code = `TAKEN${Date.now().toString(36).toUpperCase()}`;
  const first = await api(request, DEMO.brandKey, 'POST', '/campaigns', {
    name: uniqueName('Owner of the code'),
    visibility: 'unlisted',
    invite_code: code,
  });
  expect(first.status).toBe(201);

  await signIn(page, DEMO.brandKey);
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill(uniqueName('Copycat'));
  await page.getByRole('radio', { name: 'Unlisted' }).check();
  await page.getByLabel('Invite code').fill(code);
  await step(page, 'Review');
  await page.getByRole('button', { name: 'Save draft' }).click();

  const field = page.getByLabel('Invite code');
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/already used by another campaign/);
  await expect(field).toBeFocused();
  await expectAccessible(page, 'the builder with a service error');
});

test('an agency user creates a campaign for the second brand', async ({ page, request }) => {
  const name = uniqueName('Trail kit');
  const [firstBrand, secondBrand] = DEMO.agencyBrands;
  await signIn(page, DEMO.agencyKey);

  const switcher = page.getByRole('combobox', { name: 'Brand' });
  await switcher.click();
  await page
    .getByRole('listbox', { name: 'Brands' })
    .getByRole('option', { name: secondBrand })
    .click();
  await expect(switcher).toHaveValue(secondBrand);

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByLabel('Campaign brand')).toContainText(secondBrand);
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const [created] = await campaignsNamed(request, DEMO.agencyKey, name);
  expect(created?.brand_name).toBe(secondBrand);

  // The first brand's list does not show it.
  await switcher.click();
  await page
    .getByRole('listbox', { name: 'Brands' })
    .getByRole('option', { name: firstBrand })
    .click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Campaigns' })
    .click();
  await searchFor(page, name);
  await expect(
    page.getByRole('heading', { name: 'No campaigns match these filters' }),
  ).toBeVisible();
});
