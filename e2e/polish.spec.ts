import type { Page } from '@playwright/test';
import {
  DEMO,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  expect,
  expectAccessible,
  signInAsMember,
  test,
  uniqueName,
} from './support/fixtures.ts';
import { builderStep, inView, noSidewaysScroll, use, LAPTOP_AND_PHONE } from './support/ui.ts';

// What a designer flagged in the builder and the campaign list (issue 25, item 10;
// docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md), at both sizes, from the
// keyboard: a pasted overlong name is kept and refused by name, a pasted list of countries
// chooses each, and a name cut to fit shows whole on focus and on hover.

const SIZES = LAPTOP_AND_PHONE;

/** Puts `text` on the clipboard and pastes it into the focused field, as a person would. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

for (const viewport of SIZES) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });

    test('the builder keeps a pasted overlong name and a pasted list of countries chooses each', async ({
      page,
    }) => {
      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      await use(page.getByRole('link', { name: 'New campaign' }));
      const name = page.getByLabel('Campaign name');
      await inView(name);
      await name.focus();
      const long = `Spring ${'glow '.repeat(68)}`.trim();
      expect(long.length).toBe(346);
      await paste(page, long);
      await expect(name).toHaveValue(long);
      await expect(page.getByText('346 / 200 characters')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(name).toHaveAccessibleDescription(
        /Use at most 200 characters: shorten it by 146\./,
      );
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `an overlong name at ${viewport.width}`);

      // Fixed from the keyboard: select all, type a short name.
      await name.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(uniqueName('Paste'));
      await page.keyboard.press('Tab');
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');

      // Targeting: "United States, Canada; Narnia" pasted into the Country search.
      await builderStep(page, 'Targeting');
      await use(page.getByRole('radio', { name: 'Only creators who match these rules' }));
      await use(page.getByRole('button', { name: 'Add condition to group 1' }));
      const where = 'condition 1 in group 1';
      const property = page.getByRole('combobox', { name: `Property, ${where}` });
      await inView(property);
      await property.selectOption({ label: 'Country' });
      const values = page.getByRole('button', { name: `Values, ${where}: Choose values` });
      await inView(values);
      await values.focus();
      await page.keyboard.press('Enter');
      const search = page.getByRole('searchbox', { name: `Search Country values, ${where}` });
      await expect(search).toBeFocused();
      await paste(page, 'United States, Canada; Narnia');
      const said = page.getByRole('status', { name: `Values chosen from a list, ${where}` });
      await expect(said).toHaveText(
        'Chosen: United States, Canada. No Country value matches “Narnia”.',
      );
      await inView(said);
      for (const country of ['United States', 'Canada'])
        await expect(page.getByRole('checkbox', { name: country, exact: true })).toBeChecked();
      await expectAccessible(page, `a pasted list at ${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(
        page.getByRole('button', { name: `Values, ${where}: United States, Canada` }),
      ).toBeFocused();
      await expect(page.getByText(/Reads as: .*United States or Canada/)).toBeVisible();
      await noSidewaysScroll(page, 'the builder');
    });

    test('a campaign name cut to fit shows whole on keyboard focus and on hover', async ({
      page,
      request,
    }) => {
      const name =
        `${uniqueName('A campaign with a name long enough to be cut')} ${'and still going '.repeat(4)}`.trim();
      const res = await request.post('/2026-07/campaigns', {
        headers: { Authorization: `Bearer ${DEMO.brandKey}` },
        data: { name },
      });
      expect(res.status(), await res.text()).toBe(201);

      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(name.slice(0, 40));
      const link = page.getByRole('link', { name, exact: true });
      await inView(link);
      // Cut on screen, whole in the page: a screen reader reads all of it.
      expect(await link.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

      await link.focus();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText(name);
      await expect(page.locator('[data-radix-popper-content-wrapper]')).toBeInViewport();
      await expectAccessible(page, `a cut name's tooltip at ${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(tooltip).toBeHidden();

      if (viewport.width > 500) {
        await page.mouse.move(0, 0);
        await link.hover();
        await expect(page.getByRole('tooltip')).toHaveText(name);
      }
      await noSidewaysScroll(page, 'the campaign list');
    });
  });
}
