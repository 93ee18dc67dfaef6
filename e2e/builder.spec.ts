import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';

/** A person sees a control before using it: bring it into view, check it is there, then click. */
async function use(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  await control.click();
}

async function noSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

const step = (page: Page, name: string) =>
  use(
    page
      .getByRole('navigation', { name: 'Builder steps' })
      .getByRole('button', { name: new RegExp(`^${name}`) }),
  );

async function addTask(page: Page, n: number, title: string, platform: string) {
  await use(page.getByRole('button', { name: 'Add task' }));
  const task = page.getByRole('region', { name: `Task ${n}`, exact: true });
  await task.getByLabel('Title').fill(title);
  await task.getByLabel('Instructions').fill(`Film a short ${platform} video: ${title}.`);
  await use(task.getByRole('button', { name: platform, exact: true }));
}

async function chooseValue(
  page: Page,
  where: string,
  property: string,
  search: string,
  label: string,
) {
  const select = page.getByRole('combobox', { name: `Property, ${where}` });
  await select.scrollIntoViewIfNeeded();
  await expect(select).toBeInViewport();
  await select.selectOption({ label: property });
  await use(page.getByRole('button', { name: `Values, ${where}: Choose values` }));
  await page.getByRole('searchbox', { name: `Search ${property} values, ${where}` }).fill(search);
  await page.getByRole('checkbox', { name: label, exact: true }).check();
  await page.keyboard.press('Escape');
}

for (const size of [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the builder on a ${size.name} (${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a brand manager builds a campaign with two tasks and a two-group rule, saves it and publishes it after confirming', async ({
      page,
    }) => {
      test.slow();
      const name = uniqueName('Builder journey');
      await signIn(page, DEMO.brandKey);
      await use(page.getByRole('link', { name: 'New campaign' }));
      await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();

      // A 100,000-character paste into Name keeps 200 characters and shows the limit.
      const nameField = page.getByLabel('Campaign name');
      await use(nameField);
      await page.keyboard.insertText('x'.repeat(100_000));
      await expect(nameField).toHaveValue('x'.repeat(200));
      await expect(page.getByText('200 / 200 characters')).toBeVisible();
      await nameField.fill(name);
      await expect(page.getByText(`${name.length} / 200 characters`)).toBeVisible();
      await noSidewaysScroll(page, 'the builder basics');
      await expectAccessible(page, 'the builder basics');

      // Moving between steps marks no step as wrong.
      await step(page, 'Tasks');
      await expect(
        page
          .getByRole('navigation', { name: 'Builder steps' })
          .getByRole('button', { name: 'Basics', exact: true }),
      ).toBeVisible();
      await addTask(page, 1, 'Morning routine', 'TikTok');
      await addTask(page, 2, 'Before and after', 'Instagram');
      await noSidewaysScroll(page, 'the builder tasks');
      await expectAccessible(page, 'the builder tasks');

      await step(page, 'Targeting');
      await use(page.getByRole('radio', { name: 'Only creators who match these rules' }));
      await page.getByRole('textbox', { name: 'Name of group 1 (optional)' }).fill('Audience');
      await use(page.getByRole('button', { name: 'Add condition to group Audience' }));
      await chooseValue(
        page,
        'condition 1 in group Audience',
        'Country',
        'united st',
        'United States',
      );
      await use(page.getByRole('button', { name: 'Add group' }));
      await page.getByRole('textbox', { name: 'Name of group 2 (optional)' }).fill('Skin lovers');
      await use(page.getByRole('button', { name: 'Add condition to group Skin lovers' }));
      await chooseValue(
        page,
        'condition 1 in group Skin lovers',
        'Niche / category',
        'skin',
        'Skincare',
      );
      await expect(page.getByText(/Reads as: .*United States.*Skincare/)).toBeVisible();
      await noSidewaysScroll(page, 'the builder targeting');
      await expectAccessible(page, 'the builder targeting');

      await step(page, 'Review');
      await expect(page.getByText('Nothing is missing')).toBeVisible();
      await noSidewaysScroll(page, 'the builder review');
      await expectAccessible(page, 'the builder review');
      await use(page.getByRole('button', { name: 'Save draft' }));

      // The new campaign's page opens at its top: title, status and Publish in view.
      await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
      const title = page.getByRole('heading', { level: 1, name });
      await expect(title).toBeInViewport();
      await expect(page.getByRole('main').getByText('Draft').first()).toBeInViewport();
      const publish = page.getByRole('button', { name: 'Publish' });
      await expect(publish).toBeInViewport();
      await noSidewaysScroll(page, 'the campaign page');
      await expectAccessible(page, 'the campaign page');

      await publish.click();
      const dialog = page.getByRole('alertdialog', { name: `Publish “${name}”?` });
      await expect(dialog).toContainText('While it waits it is locked');
      await expectAccessible(page, 'the publish confirmation');
      await use(dialog.getByRole('button', { name: 'Publish' }));
      await expect(page.getByText('Submitted for approval')).toBeVisible();
      await expect(
        page.getByText(/Pending approval: the platform checks the campaign/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
      await expect(page.getByText('Cannot start work (paused)')).toHaveCount(0);
      await noSidewaysScroll(page, 'the pending campaign page');
    });
  });
}
