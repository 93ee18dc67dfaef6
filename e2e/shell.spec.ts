import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { NAV_SCREENS, navLinkName } from './support/ui.ts';

// Settings is offered to the agency key: it carries members:write and keys:write.
const SCREENS = NAV_SCREENS;
const linkName = navLinkName;

// Every page counts the Content-Security-Policy violations it sees (zod's eval probe was one).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
});

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('every signed-in screen fits the width, with no CSP report and no axe violation', async ({
      page,
    }) => {
      test.setTimeout(170_000); // eight screens, each scanned by axe
      await signIn(page, DEMO.agencyKey);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const screen of SCREENS) {
        const link = nav.getByRole('link', { name: linkName(screen) });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
        await link.click();
        await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
        await expect(link).toHaveAttribute('aria-current', 'page');
        // Nothing reaches past the right edge: the page never scrolls sideways.
        await expect
          .poll(() =>
            page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          )
          .toBeLessThanOrEqual(0);
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
        await expectAccessible(page, `${screen} at ${viewport.width}`);
      }
      expect(await cspViolations(page)).toEqual([]);
    });

    test('on a slow network the destination is marked at once and a skeleton stands in for it', async ({
      page,
    }) => {
      await signIn(page, DEMO.brandKey);
      // The metrics screen's code takes two seconds to arrive.
      await page.route(/\/assets\/metrics-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Metrics',
      });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'page', { timeout: 300 });
      await expect(page.getByTestId('screen-skeleton')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Opening Metrics…' })).toBeAttached();
      // The old screen is not shown as if it were current.
      await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
      await expect(page.getByTestId('screen-skeleton')).toHaveCount(0);
      await expectAccessible(page, `metrics after a slow start at ${viewport.width}`);
    });
  });
}
