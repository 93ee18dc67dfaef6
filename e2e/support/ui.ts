import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// What a person does on any screen, shared by the journeys: see a control before using it, and
// never have the page scroll sideways.

/** The two screens every journey is checked on: a laptop and a phone. */
export const LAPTOP_AND_PHONE = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** A brand's screens as the navigation names them, in its order (Settings for those who manage). */
export const NAV_SCREENS = [
  'Overview',
  'Campaigns',
  'Review queue',
  'Creators',
  'Posts',
  'Metrics',
  'Codes',
  'Payouts',
  'Activity',
  'Settings',
] as const;

/** A navigation link's name: the screen, with the count waiting ("12 waiting for you") if any. */
export const navLinkName = (screen: string): RegExp =>
  new RegExp(`^${screen}( [\\d,]+ waiting( for you)?)?$`);

/** A person sees a control before using it: bring it into view, check it is there, then click. */
export async function use(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  await control.click();
}

/** Brings a control into view as a person would (scrolling the page), then checks it is there. */
export async function inView(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  return control;
}

/** The document is no wider than the window: nothing makes the page scroll sideways. */
export async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Opens a builder step from the stepper. */
export const builderStep = (page: Page, name: string): Promise<void> =>
  use(
    page
      .getByRole('navigation', { name: 'Builder steps' })
      .getByRole('button', { name: new RegExp(`^${name}`) }),
  );

/** Adds the builder's task number `n` with a title, instructions and one platform. */
export async function addTask(page: Page, n: number, title: string, platform: string) {
  await use(page.getByRole('button', { name: 'Add task' }));
  const task = page.getByRole('region', { name: `Task ${n}`, exact: true });
  await task.getByLabel('Title').fill(title);
  await task.getByLabel('Instructions').fill(`Film a short ${platform} video: ${title}.`);
  await use(task.getByRole('button', { name: platform, exact: true }));
}

/** Picks one value of a targeting condition through its searchable value list. */
export async function chooseValue(
  page: Page,
  where: string,
  property: string,
  search: string,
  label: string,
) {
  const select = page.getByRole('combobox', { name: `Property, ${where}` });
  await inView(select);
  await select.selectOption({ label: property });
  await use(page.getByRole('button', { name: `Values, ${where}: Choose values` }));
  await page.getByRole('searchbox', { name: `Search ${property} values, ${where}` }).fill(search);
  await page.getByRole('checkbox', { name: label, exact: true }).check();
  await page.keyboard.press('Escape');
}

/**
 * The builder's Targeting step as a two-group rule: creators in the United States, or creators
 * whose niche is skincare.
 */
export async function twoGroupRule(page: Page) {
  await builderStep(page, 'Targeting');
  await use(page.getByRole('radio', { name: 'Only creators who match these rules' }));
  await page.getByRole('textbox', { name: 'Name of group 1 (optional)' }).fill('Audience');
  await use(page.getByRole('button', { name: 'Add condition to group Audience' }));
  await chooseValue(page, 'condition 1 in group Audience', 'Country', 'united st', 'United States');
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
}

/** The review queue's <video> plays: not paused, and its time moves on. */
export async function expectPlaying(page: Page): Promise<Locator> {
  const video = page.getByRole('region', { name: 'Current submission' }).locator('video:visible');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 })
    .toBeGreaterThan(start);
  return video;
}

/**
 * Chooses the campaign called `name` in a screen's campaign picker as a person does: opens the
 * combobox, types the name (a search on the service) and clicks the campaign in its list.
 */
export async function chooseCampaign(page: Page, name: string, label = 'Campaign'): Promise<void> {
  const picker = await inView(page.getByRole('combobox', { name: label, exact: true }));
  await picker.click();
  await picker.fill(name);
  const list = page.getByRole('listbox', { name: label, exact: true });
  await use(
    list
      .getByRole('option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .first(),
  );
  await expect(picker).toHaveValue(name);
}

/**
 * With the page at its top, `what` is wholly on screen and, on a phone, ends above the decision
 * bar stuck to the bottom of the screen (docs/decisions/0152): nothing to scroll, nothing covering it.
 */
export async function expectAboveDecisionBar(
  page: Page,
  region: Locator,
  what: Locator,
  phone: boolean,
  name = 'the media',
): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(what).toBeInViewport({ ratio: 1 });
  if (!phone) return;
  const bar = (await region.getByRole('group', { name: 'Decision' }).boundingBox())!;
  const box = (await what.boundingBox())!;
  expect(box.y + box.height, `the decision bar covers ${name}`).toBeLessThanOrEqual(bar.y + 1);
}
