import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';

// The brand's sign-off after its agency (docs/review-bar.md#sign-off) and the failed submissions, on the
// real product: the agency approves in its queue; in a second browser the brand signs off from
// its Sign-off view with the keyboard; what still waits for the agency is a view of its own, where
// the brand decides only after confirming that it skips the agency (docs/decisions/0163); a
// failed submission shows its reason; a warning is shown.

type Submission = {
  id: string;
  status: string;
  awaiting: string | null;
  feedback: string | null;
  checks: { name: string; outcome: string }[] | null;
};

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

async function api<T>(
  request: APIRequestContext,
  key: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/2026-07${path}`, { method, headers: auth(key), data });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A live campaign of Glow Lab, made by its agency, with the brand's sign-off on and a TikTok
 * story task: @…_ok sends a clip that passes, @…_wide a landscape video (a warning for a story),
 * @…_broken a file that cannot be played (failed), @…_late a clip that passes, sent last. Waits
 * until inspection is done with each.
 */
async function signOffCampaign(
  request: APIRequestContext,
  ops: { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> },
  baseURL: string,
) {
  const me = await api<{ brands: { id: string; name: string }[] }>(
    request,
    DEMO.agencyKey,
    'GET',
    '/me',
  );
  const brand = me.brands.find((b) => b.name === DEMO.brand)!;
  const name = uniqueName('Sign-off');
  const campaign = await api<{ id: string; tasks: { id: string }[] }>(
    request,
    DEMO.agencyKey,
    'POST',
    '/campaigns',
    {
      name,
      brand_id: brand.id,
      settings: { brand_approval_required: true },
      tasks: [
        {
          title: 'Story unboxing',
          instructions: 'Open the box in the first three seconds.',
          platforms: ['tiktok'],
          formats: ['story_video'],
        },
      ],
    },
  );
  await api(request, DEMO.agencyKey, 'POST', `/campaigns/${campaign.id}/publish`);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const stamp = Date.now().toString(36);
  const creators: Record<'ok' | 'wide' | 'broken' | 'late', { id: string; username: string }> = {
    ok: { id: '', username: `so_${stamp}_ok` },
    wide: { id: '', username: `so_${stamp}_wide` },
    broken: { id: '', username: `so_${stamp}_broken` },
    late: { id: '', username: `so_${stamp}_late` },
  };
  const files = {
    ok: 'clip-1.mp4',
    wide: 'landscape.mp4',
    broken: 'broken.mp4',
    late: 'clip-2.mp4',
  } as const;
  for (const which of ['ok', 'wide', 'broken', 'late'] as const) {
    const creator = await ops.post<{ id: string }>('/creators', {
      username: creators[which].username,
      properties: {},
    });
    await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
    const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
      creator_id: creator.id,
      task_id: campaign.tasks[0]!.id,
      media_type: 'video',
      media_url: `${baseURL}/samples/${files[which]}`,
    });
    creators[which].id = submission.id;
  }
  const read = (id: string) =>
    api<Submission>(request, DEMO.brandKey, 'GET', `/campaigns/${campaign.id}/submissions/${id}`);
  for (const which of ['ok', 'wide', 'broken', 'late'] as const) {
    await expect
      .poll(async () => (await read(creators[which].id)).checks !== null, { timeout: 20_000 })
      .toBe(true);
  }
  return { brand, campaign: { id: campaign.id, name }, creators, read };
}

/** Console errors of a page of another browser context (the fixture watches the first page). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().startsWith('Failed to load resource')) return;
    if (msg.type() === 'error' || msg.type() === 'warning')
      errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

for (const size of [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the agency approves, the brand signs off from its Sign-off view with the keyboard, a failed submission shows its reason', async ({
      page,
      request,
      ops,
      baseURL,
      browser,
    }) => {
      // Two browsers and two undo windows.
      test.slow();
      const world = await signOffCampaign(request, ops, baseURL!);
      const { creators } = world;
      const shot = (p: Page, what: string) =>
        p.screenshot({ path: `/tmp/signoff-${size.width}-${what}.png`, fullPage: false });

      // The agency's queue, narrowed to this campaign through the URL.
      await signIn(page, DEMO.agencyKey);
      await page.goto(`/brands/${world.brand.id}/review?campaign=${world.campaign.id}`);
      const region = page.getByRole('region', { name: 'Current submission' });
      await expect(
        page.getByRole('status').filter({ hasText: /^3 submissions waiting \(/ }),
      ).toBeVisible();
      await expect(page.getByRole('tab', { name: /^Sign-off/ })).toHaveCount(0);
      await expect(region).toHaveAttribute('data-submission-id', creators.ok.id);
      await expect(
        region.getByText('Waiting for the agency’s review; the brand signs off after it.'),
      ).toBeVisible();
      await expectAccessible(page, 'the agency’s queue');
      await shot(page, 'agency-queue');
      const approve = region.getByRole('button', { name: 'Approve' });
      await expect(approve).toBeInViewport();
      await expect(approve).toBeEnabled();
      await expect(region).toHaveAttribute('data-decision-keys', 'ready');
      await page.keyboard.press('a');
      await expect(region).toHaveAttribute('data-submission-id', creators.wide.id);
      // The landscape video for a story: the warning is in sight before deciding, on a phone too
      // (where the media comes first, it sits above it).
      await expect(region.getByText('1 warning').filter({ visible: true })).toBeInViewport();
      await expect(region.getByText('Orientation')).toBeVisible();
      await shot(page, 'agency-warning');
      await expect(approve).toBeInViewport();
      await expect(region).toHaveAttribute('data-decision-keys', 'ready');
      await page.keyboard.press('a');
      // @…_late stays with the agency.
      await expect(region).toHaveAttribute('data-submission-id', creators.late.id);
      await expect(page.getByText(`Approved @${creators.wide.username}.`)).toBeVisible({
        timeout: 15_000,
      });
      for (const which of ['ok', 'wide'] as const) {
        expect(await world.read(creators[which].id)).toMatchObject({
          status: 'in_review',
          awaiting: 'brand',
        });
      }

      // The brand, in another browser.
      let brandContext: BrowserContext | undefined;
      try {
        brandContext = await browser.newContext({
          baseURL: baseURL!,
          viewport: { width: size.width, height: size.height },
        });
        const brandPage = await brandContext.newPage();
        const errors = watchConsole(brandPage);
        await signIn(brandPage, DEMO.brandKey);
        await brandPage.goto(`/brands/${world.brand.id}/review?campaign=${world.campaign.id}`);
        // The brand's queue is what waits for the brand; what waits for the agency is apart, and
        // every count says which it counts.
        await expect(
          brandPage.getByRole('status').filter({ hasText: /^2 submissions waiting for you/ }),
        ).toBeVisible();
        const agencyTab = brandPage.getByRole('tab', { name: /^With the agency/ });
        await expect(agencyTab).toHaveAccessibleName('With the agency 1');
        await expect(brandPage.getByRole('tab', { name: /^Waiting for you/ })).toHaveAccessibleName(
          'Waiting for you 2',
        );
        for (const tab of await brandPage.getByRole('tab').all())
          await expect(tab).toBeInViewport({ ratio: 1 });
        expect(
          await brandPage.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
          'nothing scrolls sideways',
        ).toBeLessThanOrEqual(0);
        await shot(brandPage, 'brand-queue');
        const signOffTab = brandPage.getByRole('tab', { name: /^Sign-off/ });
        await expect(signOffTab).toBeInViewport();
        await signOffTab.click();
        await expect(signOffTab).toHaveAttribute('aria-selected', 'true');
        await expect(
          brandPage
            .getByRole('status')
            .filter({ hasText: /^2 submissions waiting for your sign-off/ }),
        ).toBeVisible();
        const brandRegion = brandPage.getByRole('region', { name: 'Current submission' });
        await expect(brandRegion).toHaveAttribute('data-submission-id', creators.ok.id);
        await expect(brandRegion.getByText(/Approved by the agency \(key cck_/)).toBeVisible();
        await expectAccessible(brandPage, 'the brand’s Sign-off view');
        await shot(brandPage, 'brand-signoff');

        const signOff = brandRegion.getByRole('button', { name: 'Approve' });
        await expect(signOff).toBeInViewport();
        await expect(brandRegion).toHaveAttribute('data-decision-keys', 'ready');
        await brandPage.keyboard.press('a');
        await expect(brandRegion).toHaveAttribute('data-submission-id', creators.wide.id);
        await expect(brandRegion.getByText('1 warning').filter({ visible: true })).toBeInViewport();
        const change = brandRegion.getByRole('button', { name: 'Request changes' });
        await expect(change).toBeInViewport();
        await expect(brandRegion).toHaveAttribute('data-decision-keys', 'ready');
        await brandPage.keyboard.press('r');
        const dialog = brandPage.getByRole('dialog', { name: 'Request changes' });
        const box = dialog.getByRole('textbox', { name: 'Feedback to the creator' });
        await expect(box).toBeFocused();
        await brandPage.keyboard.type('Please film it upright for the story.');
        await expect(dialog.getByRole('button', { name: 'Request changes' })).toBeInViewport();
        await brandPage.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(brandRegion.getByText('Nothing to sign off')).toBeVisible();
        await expect(
          brandPage.getByText(`Changes requested from @${creators.wide.username}.`),
        ).toBeVisible({ timeout: 15_000 });
        expect(await world.read(creators.ok.id)).toMatchObject({ status: 'approved' });
        expect(await world.read(creators.wide.id)).toMatchObject({
          status: 'rejected',
          feedback: 'Please film it upright for the story.',
        });

        // What still waits for the agency: its own view, saying so; deciding asks first.
        await expect(agencyTab).toBeInViewport();
        await agencyTab.click();
        await expect(agencyTab).toHaveAttribute('aria-selected', 'true');
        await expect(
          brandPage.getByRole('status').filter({ hasText: /^1 submission with the agency/ }),
        ).toBeVisible();
        await expect(brandRegion).toHaveAttribute('data-submission-id', creators.late.id);
        await expect(brandRegion.getByText('Waiting for your agency’s review.')).toBeVisible();
        await expectAccessible(brandPage, 'the brand’s view of what waits for the agency');
        await shot(brandPage, 'brand-with-agency');
        // The keyboard: A asks, Escape cancels and the queue keeps the focus.
        await expect(brandRegion).toHaveAttribute('data-decision-keys', 'ready');
        await brandRegion.focus();
        await brandPage.keyboard.press('a');
        const ask = brandPage.getByRole('alertdialog', { name: 'Decide before your agency?' });
        await expect(ask).toContainText('This skips your agency’s review');
        const anyway = ask.getByRole('button', { name: 'Approve anyway' });
        await expect(anyway).toBeFocused();
        await expect(anyway).toBeInViewport();
        await expectAccessible(brandPage, 'the confirmation before deciding ahead of the agency');
        await shot(brandPage, 'brand-skip-agency');
        await brandPage.keyboard.press('Escape');
        await expect(ask).toBeHidden();
        await expect(brandRegion).toBeFocused();
        // The mouse: Approve asks, Cancel gives the focus back to Approve.
        const approveNow = brandRegion.getByRole('button', { name: 'Approve' });
        await expect(approveNow).toBeInViewport();
        await approveNow.click();
        await ask.getByRole('button', { name: 'Cancel' }).click();
        await expect(ask).toBeHidden();
        await expect(approveNow).toBeFocused();
        // A, then Enter confirms; U takes it back and the screen says so; A and Enter again.
        await brandPage.keyboard.press('a');
        await expect(anyway).toBeFocused();
        await brandPage.keyboard.press('Enter');
        await expect(brandRegion.getByText('Nothing with the agency')).toBeVisible();
        await expect(brandRegion).toBeFocused();
        await brandPage.keyboard.press('u');
        await expect(
          brandPage.getByText(
            `Undone: @${creators.late.username}’s submission is back in the queue.`,
          ),
        ).toBeVisible();
        await expect(brandRegion).toHaveAttribute('data-submission-id', creators.late.id);
        await expect(brandRegion).toHaveAttribute('data-decision-keys', 'ready');
        await brandPage.keyboard.press('a');
        await expect(anyway).toBeFocused();
        await brandPage.keyboard.press('Enter');
        await expect(brandPage.getByText(`Approved @${creators.late.username}.`)).toBeVisible({
          timeout: 15_000,
        });
        expect(await world.read(creators.late.id)).toMatchObject({
          status: 'approved',
          awaiting: null,
        });

        // The unplayable file: failed, findable with its reason.
        const failedTab = brandPage.getByRole('tab', { name: /^Failed/ });
        await expect(failedTab).toBeInViewport();
        await failedTab.click();
        await expect(
          brandPage.getByRole('status').filter({ hasText: /^1 failed submission/ }),
        ).toBeVisible();
        const failed = brandPage.getByRole('article', {
          name: `@${creators.broken.username}’s failed submission`,
        });
        await expect(failed).toContainText('Failed. Playable check failed:');
        await expect(failed).toBeInViewport({ ratio: 0.3 });
        await expectAccessible(brandPage, 'the Failed view');
        await shot(brandPage, 'brand-failed');
        expect(errors, 'the brand’s browser console stays clean').toEqual([]);
      } finally {
        await brandContext?.close();
      }
    });
  });
}
