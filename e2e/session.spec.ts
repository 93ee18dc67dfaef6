import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { navLinkName } from './support/ui.ts';

const SCREENS = [
  'Campaigns',
  'Review queue',
  'Creators',
  'Posts',
  'Metrics',
  'Codes',
  'Payouts',
  'Activity',
] as const;
// The Review queue link also says how many submissions wait ("Review queue 12 waiting").

test('a brand manager signs in with the demo brand key and sees their brand', async ({ page }) => {
  // A tour of every screen with an axe audit on each (0.5-1.2 s apiece here): like the other
  // tours, it gets the slow budget.
  test.slow();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'the sign-in screen');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in with an API key' }),
  ).toBeVisible();
  await expectAccessible(page, 'the key screen');

  await page.getByLabel('API key').fill(DEMO.brandKey);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/brands\/[0-9a-f-]{36}\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(DEMO.brand);
  // A brand key acts for one brand: no switcher.
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const screen of SCREENS) {
    await nav.getByRole('link', { name: navLinkName(screen) }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    await expect(nav.getByRole('link', { name: navLinkName(screen) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page).toHaveTitle(`${screen} · ${DEMO.brand} · Campaign Console`);
    await expectAccessible(page, `the ${screen} screen`);
  }
});

test('a wrong key shows a clear message on the key field', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill('cck_this_key_does_not_exist_0000000000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This key was not recognised.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-in/);
  await expectAccessible(page, 'the key screen with an error');
});

test('an agency user switches between the two brands and each page shows only that brand', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill(DEMO.agencyKey);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const switcher = page.getByRole('combobox', { name: 'Brand' });
  await expect(switcher).toBeVisible();
  const [first, second] = DEMO.agencyBrands;
  await expect(switcher).toHaveValue(first);
  const firstUrl = page.url();

  // Go to another screen, then switch brand from the keyboard: the same screen opens for it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Brands' })).toBeVisible();
  await expectAccessible(page, 'the open brand switcher');
  await switcher.pressSequentially('north');
  await expect(page.getByRole('listbox', { name: 'Brands' }).getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');

  // The Posts screen of the other brand (opened on that brand's default campaign, if any).
  await expect(page).toHaveURL(/\/brands\/[0-9a-f-]{36}\/posts(\?campaign=[0-9a-f-]{36})?$/);
  expect(page.url()).not.toBe(firstUrl.replace('/campaigns', '/posts'));
  await expect(switcher).toHaveValue(second);
  await expect(page).toHaveTitle(`Posts · ${second} · Campaign Console`);
  await expect(page.getByRole('main')).not.toContainText(first);

  // The brand is in the URL: a shared link opens the right brand.
  const shared = page.url();
  await page.goto(firstUrl);
  await expect(switcher).toHaveValue(first);
  await page.goto(shared);
  await expect(switcher).toHaveValue(second);
  await expect(page.getByRole('combobox', { name: 'Brand' })).not.toHaveValue(DEMO.loneBrand);
});

test('signing out forgets the key and returns to the key screen', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill(DEMO.brandKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  const inside = page.url();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // One stray key press never signs out: the dialog asks, with Cancel focused first.
  const ask = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(ask).toBeInViewport();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  await page.goto(inside);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the key is reachable and operable from the keyboard alone', async ({ page }) => {
  await page.goto('/sign-in');
  // The key form opens from the keyboard too.
  const useKey = page.getByRole('button', { name: 'Use an API key instead' });
  for (let i = 0; i < 8 && !(await useKey.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(useKey).toBeFocused();
  await page.keyboard.press('Enter');
  // The first Tab lands on the key field or a control before it; Tab until the field has focus.
  for (
    let i = 0;
    i < 5 && !(await page.getByLabel('API key').evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(page.getByLabel('API key')).toBeFocused();
  await page.keyboard.type(DEMO.brandKey);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});
