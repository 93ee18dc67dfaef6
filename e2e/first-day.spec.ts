import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import {
  addTask,
  builderStep,
  chooseCampaign,
  expectPlaying,
  inView,
  noSidewaysScroll,
  twoGroupRule,
  use,
} from './support/ui.ts';

// The whole bar in one journey, as a brand manager's first day at a laptop's and at a phone's
// size: sign in, build a campaign with two tasks and a two-group targeting rule, publish it,
// approve three creators who fit, review ten submissions from the keyboard (watching each video),
// then read the metrics. Every primary control is in view before it is used, no screen scrolls
// sideways, axe finds nothing, and the console stays clean (the fixture fails on any message).

const SIZES = [
  { name: 'laptop', width: 1440, height: 900, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/2026-07${path}`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json() as Promise<T>;
}

async function mainLink(page: Page, name: string | RegExp, heading: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name });
  // On a phone the main navigation may sit behind a menu button.
  if (!(await link.isVisible())) {
    await use(page.getByRole('button', { name: /menu/i }).first());
  }
  await use(link);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`the first day at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a brand manager builds, publishes, approves three creators, reviews ten videos from the keyboard and reads the metrics', async ({
      page,
      request,
      ops,
      baseURL,
    }) => {
      // Builder, approvals and ten reviews with their undo windows: the longest journey.
      test.setTimeout(240_000);
      const shots = `/tmp/first-day/${size.name}`;
      const name = uniqueName('First day');

      // 1. Sign in as themselves (the brand key of the demo world).
      await signIn(page, DEMO.brandKey);
      await noSidewaysScroll(page, 'Campaigns');

      // 2. Build: two tasks, approvals on, a two-group rule; save and publish.
      await use(page.getByRole('link', { name: 'New campaign' }));
      await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
      await use(page.getByLabel('Campaign name'));
      await page.getByLabel('Campaign name').fill(name);
      await builderStep(page, 'Tasks');
      await addTask(page, 1, 'Morning routine', 'TikTok');
      await addTask(page, 2, 'Before and after', 'Instagram');
      await builderStep(page, 'Settings');
      await use(page.getByRole('checkbox', { name: /^Creators need approval/ }));
      await expect(page.getByRole('checkbox', { name: /^Creators need approval/ })).toBeChecked();
      await twoGroupRule(page);
      await noSidewaysScroll(page, 'the builder');
      await builderStep(page, 'Review');
      await expect(page.getByText('Nothing is missing')).toBeVisible();
      await use(page.getByRole('button', { name: 'Save draft' }));
      await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
      const campaignId = page.url().split('/').pop()!;
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
      await use(page.getByRole('button', { name: 'Publish' }));
      const confirm = page.getByRole('alertdialog', { name: `Publish “${name}”?` });
      await use(confirm.getByRole('button', { name: 'Publish' }));
      await expect(page.getByText('Submitted for approval')).toBeVisible();
      await noSidewaysScroll(page, 'the pending campaign');
      await expectAccessible(page, 'the pending campaign');
      await page.screenshot({ path: `${shots}-1-published.png`, fullPage: true });

      // The platform approves the campaign; creators apply: three who fit, one who does not.
      await ops.post(`/campaigns/${campaignId}/review`, { decision: 'approved' });
      const campaign = await api<{ tasks: { id: string; title: string }[] }>(
        request,
        `/campaigns/${campaignId}`,
      );
      expect(campaign.tasks.map((t) => t.title)).toEqual(['Morning routine', 'Before and after']);
      const stamp = Date.now().toString(36);
      const apply = async (username: string, properties: Record<string, string | number>) => {
        const creator = await ops.post<{ id: string }>('/creators', { username, properties });
        await ops.post(`/campaigns/${campaignId}/applications`, { creator_id: creator.id });
        return { id: creator.id, username };
      };
      const misfit = await apply(`elsewhere_${stamp}`, {
        prop_country: 'c_de',
        prop_niche: 'n_fitness',
      });
      const fitting = [
        await apply(`glow_${stamp}`, { prop_country: 'c_us', prop_niche: 'n_skincare' }),
        await apply(`dewy_${stamp}`, { prop_country: 'c_us', prop_niche: 'n_skincare' }),
        await apply(`serum_${stamp}`, { prop_country: 'c_us', prop_niche: 'n_skincare' }),
      ];

      // 3. Approve the three who fit, from the Creators screen.
      await mainLink(page, 'Creators', 'Creators');
      await chooseCampaign(page, name);
      await use(page.getByRole('tab', { name: 'Applied' }));
      const person = (username: string) =>
        size.phone
          ? page.getByRole('listitem', { name: `@${username}` })
          : page.getByRole('row', { name: new RegExp(`@${username}`) });
      await expect(person(misfit.username)).toBeVisible();
      await use(page.getByRole('button', { name: 'Fits targeting' }));
      await expect(person(misfit.username)).toHaveCount(0);
      for (const { username } of fitting) {
        await expect(person(username)).toContainText('Fits targeting');
        await use(page.getByRole('button', { name: `Approve @${username}` }));
        await expect(person(username)).toContainText('Approved');
      }
      // Each decision waits a few seconds (Undo) before it is sent (docs/decisions/0166).
      await expect(page.getByRole('status').filter({ hasText: '3 approved' })).toBeVisible({
        timeout: 15_000,
      });
      await noSidewaysScroll(page, 'Creators');
      await expectAccessible(page, 'Creators after approving');
      await page.screenshot({ path: `${shots}-2-creators.png`, fullPage: true });

      // The approved creators send ten videos across the two tasks.
      const sent: { id: string; username: string }[] = [];
      for (let i = 0; i < 10; i++) {
        const creator = fitting[i % 3]!;
        const submission = await ops.post<{ id: string }>(`/campaigns/${campaignId}/submissions`, {
          creator_id: creator.id,
          task_id: campaign.tasks[i % 2]!.id,
          media_type: 'video',
          media_url: `${baseURL}/samples/clip-${(i % 3) + 1}.mp4`,
        });
        sent.push({ id: submission.id, username: creator.username });
      }

      // 4. Review the ten from the keyboard, watching each video: seven approved, three sent back.
      await mainLink(page, /^Review queue/, 'Review queue');
      const region = page.getByRole('region', { name: 'Current submission' });
      const filters = page.getByRole('button', { name: /^Filters/ });
      if (size.phone) await use(filters);
      const queueCampaign = await inView(page.getByRole('combobox', { name: 'Campaign' }));
      await queueCampaign.selectOption({ label: name });
      await expect(
        page.getByRole('status').filter({ hasText: /^10 submissions waiting/ }),
      ).toBeVisible();
      if (size.phone) {
        await use(filters);
        // The tap leaves the focus on Filters, where Space means "press"; a tap on the
        // submission (its creator's handle) puts it back on the page, where Space plays.
        await use(region.getByText(/^@/).first());
      }
      await noSidewaysScroll(page, 'the review queue');
      await expectAccessible(page, 'the review queue');
      await page.screenshot({ path: `${shots}-3-queue.png` });

      const feedback = 'Please show the serum’s label in the first three seconds.';
      const seen = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const id = await region.getAttribute('data-submission-id');
        expect(id && sent.some((s) => s.id === id), 'the queue shows one of the ten').toBe(true);
        expect(seen.has(id!), 'each submission comes once').toBe(false);
        seen.add(id!);
        // Watch it: Space plays without scrolling the page, Space pauses.
        const scrolled = await page.evaluate(() => window.scrollY);
        await page.keyboard.press(' ');
        const video = await expectPlaying(page);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
        await page.keyboard.press(' ');
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

        const approve = region.getByRole('button', { name: 'Approve' });
        const change = region.getByRole('button', { name: 'Request changes' });
        await expect(approve).toBeInViewport();
        await expect(change).toBeInViewport();
        // The decision keys count once the submission has been on screen for a moment.
        await expect(region).toHaveAttribute('data-decision-keys', 'ready');
        if (i % 3 !== 2) {
          if (size.phone) await approve.click();
          else await page.keyboard.press('a');
        } else {
          if (size.phone) await change.click();
          else await page.keyboard.press('r');
          const dialog = page.getByRole('dialog', { name: 'Request changes' });
          await expect(
            dialog.getByRole('textbox', { name: 'Feedback to the creator' }),
          ).toBeFocused();
          await page.keyboard.type(feedback);
          const send = dialog.getByRole('button', { name: 'Request changes' });
          await expect(send).toBeInViewport();
          if (size.phone) await send.click();
          else await page.keyboard.press('Enter');
          await expect(dialog).toBeHidden();
        }
        if (i < 9) await expect(region).not.toHaveAttribute('data-submission-id', id!);
      }
      await expect(region.getByText('Nothing waiting')).toBeVisible();
      await noSidewaysScroll(page, 'the emptied queue');
      await expectAccessible(page, 'the emptied queue');
      // Each decision reaches the service once its undo window closes.
      await expect
        .poll(
          async () => {
            const page1 = await api<{ data: { status: string }[] }>(
              request,
              `/campaigns/${campaignId}/submissions?limit=100`,
            );
            return page1.data.map((s) => s.status).sort();
          },
          { timeout: 20_000 },
        )
        .toEqual([...Array(7).fill('approved'), ...Array(3).fill('rejected')]);

      // 5. Read the metrics: creators 4 applied → 3 approved; content 7 approved of 7 kept.
      await mainLink(page, 'Metrics', 'Metrics');
      await chooseCampaign(page, name);
      await expect(page).toHaveURL(new RegExp(`campaign=${campaignId}`));
      const funnel = page.getByRole('region', { name: 'Funnel' });
      await funnel.scrollIntoViewIfNeeded();
      await expect(funnel.getByRole('img').first()).toHaveAccessibleName(
        /^Creators: Applied 4, Approved 3/,
      );
      await use(funnel.getByRole('button', { name: 'Table' }));
      await expect(funnel.getByRole('row', { name: /^Creators Approved/ })).toContainText('3');
      await expect(funnel.getByRole('row', { name: /^Content Approved/ })).toContainText('7');
      const shares = await funnel.evaluate((el) =>
        [...(el as HTMLElement).innerText.matchAll(/(?<![\d.,])(\d+(?:\.\d+)?)%/g)].map((m) =>
          Number(m[1]),
        ),
      );
      expect(shares.length, 'the funnel shows its shares').toBeGreaterThan(0);
      for (const share of shares) expect(share).toBeLessThanOrEqual(100);
      await noSidewaysScroll(page, 'Metrics');
      await expectAccessible(page, 'Metrics');
      await page.screenshot({ path: `${shots}-4-metrics.png`, fullPage: true });
    });
  });
}
