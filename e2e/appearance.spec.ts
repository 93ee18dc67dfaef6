import type { Page } from '@playwright/test';
import {
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  expect,
  expectAccessible,
  signInAsMember,
  test,
  uniqueName,
} from './support/fixtures.ts';
import { noSidewaysScroll, use, LAPTOP_AND_PHONE } from './support/ui.ts';

// The dashboard follows the device's appearance and motion settings
// (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md): in dark, every main screen,
// a dialog and a toast pass axe (colour contrast included) at both sizes; with reduced motion,
// nothing transitions, animates or scrolls smoothly.

const SIZES = LAPTOP_AND_PHONE;

const SCREENS = [
  { path: 'overview', title: 'Overview' },
  { path: 'campaigns', title: 'Campaigns' },
  { path: 'campaigns/new', title: 'New campaign' },
  { path: 'review', title: 'Review queue' },
  { path: 'creators', title: 'Creators' },
  { path: 'posts', title: 'Posts' },
  { path: 'metrics', title: 'Metrics' },
  { path: 'codes', title: 'Codes' },
  { path: 'activity', title: 'Activity' },
  { path: 'settings', title: 'Settings' },
] as const;

/** The brand's base address (`/brands/<id>`), read from the screen signing in lands on. */
const brandBase = (page: Page) => new URL(page.url()).pathname.replace(/\/campaigns$/, '');

/** A screen is settled: its heading is shown and nothing on it is still loading. */
async function settled(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}

/** The relative luminance of a computed `rgb()`/`oklch()` colour, read by the browser itself. */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });

for (const viewport of SIZES) {
  test.describe(`dark appearance at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('sign-in and every main screen are dark and pass axe, colour contrast included', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await backgroundLuminance(page)).toBeLessThan(0.05);
      await expectAccessible(page, `sign-in in dark at ${viewport.width}`);

      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      const base = brandBase(page);
      for (const screen of SCREENS) {
        await page.goto(`${base}/${screen.path}`);
        await settled(page, screen.title);
        expect(await backgroundLuminance(page), screen.title).toBeLessThan(0.05);
        await noSidewaysScroll(page, `${screen.title} in dark`);
        await expectAccessible(page, `${screen.title} in dark at ${viewport.width}`);
      }
    });

    test('a dialog and a toast are dark and pass axe', async ({ page }) => {
      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      const base = brandBase(page);

      // A toast: a new draft saved from the builder.
      await page.goto(`${base}/campaigns/new`);
      await settled(page, 'New campaign');
      await page.getByLabel('Campaign name').fill(uniqueName('Dark draft'));
      await use(page.getByRole('button', { name: 'Save draft' }));
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Draft saved' });
      await expect(toast).toBeVisible();
      await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute(
        'data-sonner-theme',
        'dark',
      );
      await expectAccessible(page, `a toast in dark at ${viewport.width}`);

      // A dialog: "Sign out?", then Cancel gives the focus back.
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await use(signOut);
      const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `a dialog in dark at ${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(signOut).toBeFocused();
    });
  });
}

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });

  test('nothing transitions, animates or scrolls smoothly', async ({ page }) => {
    await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
    const base = brandBase(page);
    await page.goto(`${base}/campaigns/new`);
    await settled(page, 'New campaign');

    const timings = await page.evaluate(() => {
      const of = (element: Element | null) => {
        if (!element) return null;
        const style = getComputedStyle(element);
        return {
          transition: style.transitionDuration,
          animation: style.animationDuration,
          iterations: style.animationIterationCount,
        };
      };
      // A spinner and a skeleton, placed in the page as the dashboard draws them.
      const spinner = document.createElement('span');
      spinner.className = 'animate-spin';
      const skeleton = document.createElement('div');
      skeleton.className = 'animate-pulse';
      document.body.append(spinner, skeleton);
      const found = {
        button: of(document.querySelector('button.transition-colors')),
        chip: of(document.querySelector('[aria-pressed].transition-colors')),
        spinner: of(spinner),
        skeleton: of(skeleton),
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
      };
      spinner.remove();
      skeleton.remove();
      return found;
    });
    expect(timings.button).toEqual({ transition: '0s', animation: '0s', iterations: '1' });
    expect(timings.spinner).toMatchObject({ animation: '0s', iterations: '1' });
    expect(timings.skeleton).toMatchObject({ animation: '0s', iterations: '1' });
    expect(timings.scroll).toBe('auto');

    // A toast appears without sliding in: its transition takes no time.
    await page.getByLabel('Campaign name').fill(uniqueName('Still draft'));
    await use(page.getByRole('button', { name: 'Save draft' }));
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Draft saved' });
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(
      /^0s(, 0s)*$/,
    );
    // Nothing on the page is moving once it has appeared.
    const running = await page.evaluate(
      () => document.getAnimations().filter((a) => a.playState === 'running').length,
    );
    expect(running).toBe(0);
  });

  test('without the setting, the dashboard keeps its motion (the rule is the setting’s)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await page.goto('/sign-in');
    const transition = await page
      .getByRole('button', { name: 'Sign in' })
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(transition).not.toBe('0s');
    await context.close();
  });
});
