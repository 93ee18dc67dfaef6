import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { inView, NAV_SCREENS, navLinkName, noSidewaysScroll } from './support/ui.ts';

// The shell as a manager uses it all day, on a phone and on a desktop, with the mouse and with the
// keyboard alone: every screen one tap away with the waiting count whole, a brand chosen lands on
// its screen (not in the brand box, not on Sign out), a stray Space never signs out, and a long
// campaign name on Overview stays readable (docs/decisions/0157, 0158).

const SCREENS = NAV_SCREENS;
const linkName = navLinkName;

async function api<T>(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/2026-07${path}`, {
    method,
    headers: { Authorization: `Bearer ${DEMO.agencyKey}` },
    data,
  });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

type Ops = { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> };

/** A live Glow Lab campaign with a long name and a clip waiting for review. */
async function liveCampaignWithAClip(request: APIRequestContext, ops: Ops, baseURL: string) {
  const me = await api<{ brands: { id: string; name: string }[] }>(request, 'GET', '/me');
  const brand = me.brands.find((b) => b.name === DEMO.brand)!;
  const name = uniqueName(
    'Spring launch of the hydrating serum with the creators of the northern region',
  );
  const campaign = await api<{ id: string; tasks: { id: string }[] }>(
    request,
    'POST',
    '/campaigns',
    {
      name,
      brand_id: brand.id,
      tasks: [{ title: 'Unboxing', instructions: 'Open the box.', platforms: ['tiktok'] }],
    },
  );
  await api(request, 'POST', `/campaigns/${campaign.id}/publish`);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const username = `phone_${Date.now().toString(36)}`;
  const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
  await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
  await ops.post(`/campaigns/${campaign.id}/submissions`, {
    creator_id: creator.id,
    task_id: campaign.tasks[0]!.id,
    media_type: 'video',
    media_url: `${baseURL}/samples/clip-1.mp4`,
  });
  return { name };
}

/**
 * Presses Tab until `target` has the focus, as a keyboard user would: Shift+Tab when the target
 * comes before the focused element in the page.
 */
async function tabTo(page: Page, target: Locator, most = 60) {
  const backwards = await target.evaluate((el) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return Boolean(active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  });
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const focusIsInMain = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('main') !== null);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('every screen shows at once, one tap away, with the waiting count whole', async ({
      page,
      request,
      ops,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await liveCampaignWithAClip(request, ops, baseURL!);
      await signIn(page, DEMO.agencyKey);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveCount(SCREENS.length);
      // All of them in view without scrolling anything, and nothing scrolls sideways.
      for (const screen of SCREENS)
        await expect(nav.getByRole('link', { name: linkName(screen) })).toBeInViewport({
          ratio: 1,
        });
      expect(
        await nav.getByRole('list').evaluate((list) => list.scrollWidth - list.clientWidth),
      ).toBeLessThanOrEqual(0);
      await noSidewaysScroll(page, `the shell at ${viewport.width}`);

      const review = nav.getByRole('link', { name: /^Review queue [\d,]+ waiting$/ });
      await expect(review).toBeInViewport({ ratio: 1, timeout: 30_000 });
      const count = review.getByText(/^[\d,]+$/);
      await expect(count).toBeInViewport({ ratio: 1 });
      const [badge, tile] = [(await count.boundingBox())!, (await review.boundingBox())!];
      expect(badge.x).toBeGreaterThanOrEqual(tile.x);
      expect(badge.y).toBeGreaterThanOrEqual(tile.y);
      expect(badge.x + badge.width).toBeLessThanOrEqual(tile.x + tile.width);
      expect(badge.y + badge.height).toBeLessThanOrEqual(tile.y + tile.height);
      await expectAccessible(page, `the navigation at ${viewport.width}`);

      // The mouse: the last screens of the list are a tap away too.
      for (const screen of ['Activity', 'Settings', 'Review queue'] as const) {
        const link = nav.getByRole('link', { name: linkName(screen) });
        await expect(link).toBeInViewport({ ratio: 1 });
        await link.click();
        await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await noSidewaysScroll(page, `${screen} at ${viewport.width}`);
      }
    });

    test('from the keyboard alone: a screen, then a brand, lands on the screen and a stray Space never signs out', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, DEMO.agencyKey);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const activity = nav.getByRole('link', { name: 'Activity' });
      await tabTo(page, activity);
      await expect(activity).toBeInViewport();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: 'Activity' });
      await expect(heading).toBeVisible();
      await expect(activity).toHaveAttribute('aria-current', 'page');

      // Back up to the brand box, choose Northwind by typing.
      const brandBox = page.getByRole('combobox', { name: 'Brand' });
      await tabTo(page, brandBox);
      await expect(brandBox).toBeInViewport();
      await page.keyboard.type('north');
      await expect(page.getByRole('option', { name: 'Northwind Outdoors' })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(brandBox).toHaveValue('Northwind Outdoors');
      // The new screen's heading has the focus, not the brand box.
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await page.keyboard.press('a');
      await page.keyboard.press('Space');
      await expect(brandBox).toHaveValue('Northwind Outdoors');
      await expect(page.getByText(/No brand matches/)).toHaveCount(0);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      // Tab goes on into the screen, not to Sign out.
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await page.keyboard.press('Tab');
      await expect(signOut).not.toBeFocused();
      expect(await focusIsInMain(page)).toBe(true);
      await expectAccessible(page, `activity of the chosen brand at ${viewport.width}`);

      // A stray Space on Sign out asks first; a second one lands on Cancel.
      await tabTo(page, signOut);
      await expect(signOut).toBeInViewport();
      await page.keyboard.press('Space');
      const ask = page.getByRole('alertdialog', { name: 'Sign out?' });
      await expect(ask).toBeVisible();
      await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, `the sign-out question at ${viewport.width}`);
      await page.keyboard.press('Space');
      await expect(ask).toBeHidden();
      await expect(heading).toBeVisible();
      await expect(signOut).toBeFocused();

      // With the mouse: Cancel keeps the session too.
      await signOut.click();
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(heading).toBeVisible();
    });

    test('Overview shows a long campaign name on two lines at most, the whole name as its tooltip', async ({
      page,
      request,
      ops,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { name } = await liveCampaignWithAClip(request, ops, baseURL!);
      await signIn(page, DEMO.agencyKey);
      const overview = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Overview' });
      await expect(overview).toBeInViewport({ ratio: 1 });
      await overview.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      const link = page.getByRole('link', { name, exact: true });
      await inView(link);
      await expect(link).toHaveAttribute('title', name);
      const box = (await link.boundingBox())!;
      const lineHeight = await link.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThanOrEqual(2 * lineHeight + 1);
      // Not one word a line: the column keeps a readable width.
      expect(box.width).toBeGreaterThanOrEqual(140);
      await link.hover();
      await noSidewaysScroll(page, `Overview at ${viewport.width}`);
      await expectAccessible(page, `Overview with a long name at ${viewport.width}`);
    });

    test('an image whose address fails shows a tidy placeholder, never a broken icon', async ({
      page,
      request,
      baseURL,
    }) => {
      const me = await api<{ brands: { id: string; name: string }[] }>(request, 'GET', '/me');
      const brand = me.brands.find((b) => b.name === DEMO.brand)!;
      const campaign = await api<{ id: string }>(request, 'POST', '/campaigns', {
        name: uniqueName('Gone images'),
        brand_id: brand.id,
        icon_url: `${baseURL}/samples/no-such-icon.png`,
        product: { name: 'Night serum', image_url: `${baseURL}/samples/no-such-serum.png` },
      });
      await signIn(page, DEMO.agencyKey);
      await page.goto(`/brands/${brand.id}/campaigns/${campaign.id}`);
      // The images load lazily: each is brought into view first, as a person scrolling would.
      for (const alt of ['Campaign icon', 'Night serum']) {
        await page
          .getByRole('img', { name: new RegExp(`^${alt}`) })
          .first()
          .scrollIntoViewIfNeeded()
          // It may be replaced by its placeholder meanwhile: that is what is checked next.
          .catch(() => undefined);
        await inView(page.getByRole('img', { name: `${alt} (could not be loaded)` }));
      }
      // No image on the page is left broken.
      const broken = await page
        .locator('main img')
        .evaluateAll(
          (imgs) =>
            (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth === 0).length,
        );
      expect(broken).toBe(0);
      await noSidewaysScroll(page, `campaign with gone images at ${viewport.width}`);
      await expectAccessible(page, `campaign with gone images at ${viewport.width}`);
    });
  });
}
