import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { addTask, builderStep as step, noSidewaysScroll, twoGroupRule, use } from './support/ui.ts';

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

      // A 100,000-character paste into Name is kept whole, never cut without a word: the counter
      // says how far past the limit it is (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md).
      const nameField = page.getByLabel('Campaign name');
      await use(nameField);
      await page.keyboard.insertText('x'.repeat(100_000));
      await expect(nameField).toHaveValue('x'.repeat(100_000));
      await expect(page.getByText('100,000 / 200 characters')).toBeVisible();
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

      await twoGroupRule(page);
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
