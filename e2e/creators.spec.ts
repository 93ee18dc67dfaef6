import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { inView, noSidewaysScroll } from './support/ui.ts';

// The approval job at a laptop's and a phone's size: a brand manager approves three applicants
// who fit the campaign's targeting while another creator applies; every control is in view
// before it is used, the row under the pointer never moves, and the page never scrolls sideways.
// With the keyboard alone: the screen opens where applicants wait, the first Approve is a skip
// away, U undoes, and the focus never falls to the page; by mouse: the picker says where
// applicants wait, a row's Undo, and a campaign creators join without approval.

type Ops = { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> };

const SIZES = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const auth = { Authorization: `Bearer ${DEMO.brandKey}` };

/** An active Glow Lab campaign for US creators aged 18-35, with three who fit and one who does not. */
async function targetedCampaign(request: APIRequestContext, ops: Ops, name: string) {
  const created = await request.post('/2026-07/campaigns', {
    headers: auth,
    data: {
      name,
      settings: { creator_approval_required: true },
      targeting: {
        root_operator: 'AND',
        groups: [
          {
            name: 'Audience',
            operator: 'AND',
            conditions: [
              { property: 'prop_country', operator: 'IN', values: ['c_us'] },
              { property: 'prop_age', operator: 'IN', values: ['18-35'] },
            ],
          },
        ],
      },
      tasks: [{ title: 'Routine', instructions: 'Show the serum.', platforms: ['tiktok'] }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string; brand_id: string; name: string };
  expect(
    (await request.post(`/2026-07/campaigns/${campaign.id}/publish`, { headers: auth })).ok(),
  ).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const stamp = Date.now().toString(36);
  const apply = async (username: string, properties: Record<string, string | number>) => {
    const creator = await ops.post<{ id: string }>('/creators', { username, properties });
    await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
    return username;
  };
  const misfit = await apply(`far_${stamp}`, { prop_country: 'c_de', prop_age: 29 });
  const fitting = [];
  for (const [i, age] of [24, 31, 19].entries()) {
    fitting.push(
      await apply(`fit${i}_${stamp}`, {
        prop_country: 'c_us',
        prop_language: 'l_en',
        prop_age: age,
        prop_followers: 12_500 * (i + 1),
        prop_niche: 'n_skincare',
        prop_platform: 'p_tiktok',
      }),
    );
  }
  return { campaign, fitting: fitting.reverse(), misfit, apply };
}

/** An active Glow Lab campaign creators join without approval. */
async function openCampaign(request: APIRequestContext, ops: Ops, name: string) {
  const created = await request.post('/2026-07/campaigns', {
    headers: auth,
    data: {
      name,
      settings: { creator_approval_required: false },
      tasks: [{ title: 'Routine', instructions: 'Show the serum.', platforms: ['tiktok'] }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string };
  expect(
    (await request.post(`/2026-07/campaigns/${campaign.id}/publish`, { headers: auth })).ok(),
  ).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  return campaign;
}

async function waitingOn(request: APIRequestContext, campaignId: string): Promise<number> {
  const res = await request.get(`/2026-07/campaigns/${campaignId}`, { headers: auth });
  return ((await res.json()) as { creators_waiting: number }).creators_waiting;
}

async function statuses(request: APIRequestContext, campaignId: string) {
  const res = await request.get(`/2026-07/campaigns/${campaignId}/creators?limit=100`, {
    headers: auth,
  });
  const page = (await res.json()) as { data: { username: string; status: string }[] };
  return Object.fromEntries(page.data.map((c) => [c.username, c.status]));
}

for (const size of SIZES) {
  test.describe(`creators at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('approves three creators who fit; a creator applying meanwhile moves nothing', async ({
      page,
      request,
      ops,
    }) => {
      test.slow();
      const shots = `/tmp/creators-shots/${size.name}`;
      const { campaign, fitting, misfit, apply } = await targetedCampaign(
        request,
        ops,
        uniqueName('Fit check'),
      );
      await signIn(page, DEMO.brandKey);
      await page.goto(`/brands/${campaign.brand_id}/creators?campaign=${campaign.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
      const person = (username: string) =>
        size.name === 'phone'
          ? page.getByRole('listitem', { name: `@${username}` })
          : page.getByRole('row', { name: new RegExp(`@${username}`) });

      // What the decision needs is on the row: properties and the fit, with the unmet condition.
      await expect(person(fitting[0]!)).toContainText('Fits targeting');
      await expect(person(fitting[0]!)).toContainText('United States');
      await expect(person(misfit)).toContainText('Country is not United States');
      await noSidewaysScroll(page, 'Applied');
      await expectAccessible(page, `Applied at ${size.name}`);
      await page.screenshot({ path: `${shots}-applied.png`, fullPage: true });

      const onlyFits = await inView(page.getByRole('button', { name: 'Fits targeting' }));
      await onlyFits.click();
      await expect(person(misfit)).toHaveCount(0);
      await expect(person(fitting[2]!)).toBeVisible();

      for (const [i, username] of fitting.entries()) {
        const approve = await inView(page.getByRole('button', { name: `Approve @${username}` }));
        await expect(page.getByRole('button', { name: `Reject @${username}` })).toBeInViewport();
        if (i === 1) {
          // The pointer rests on the next Approve while someone applies: the row stays put.
          await approve.hover();
          const before = await approve.boundingBox();
          await apply(`late_${Date.now().toString(36)}`, { prop_country: 'c_us', prop_age: 27 });
          await expect(page.getByRole('button', { name: '1 new applicant · Show' })).toBeVisible({
            timeout: 15_000,
          });
          expect(await approve.boundingBox()).toEqual(before);
          await page.screenshot({ path: `${shots}-arrival.png` });
        }
        await approve.click();
        await expect(person(username)).toContainText('Approved');
      }
      // Each decision waits a few seconds (Undo) before it is sent.
      await expect(page.getByRole('status').filter({ hasText: '3 approved' })).toBeVisible({
        timeout: 15_000,
      });
      await expect
        .poll(async () => {
          const now = await statuses(request, campaign.id);
          return fitting.map((u) => now[u]);
        })
        .toEqual(['approved', 'approved', 'approved']);
      expect((await statuses(request, campaign.id))[misfit]).toBe('applied');
      await noSidewaysScroll(page, 'Applied after approving');
      await page.screenshot({ path: `${shots}-approved-rows.png`, fullPage: true });

      // The newcomer is shown on request, at the top.
      const show = await inView(page.getByRole('button', { name: '1 new applicant · Show' }));
      await show.click();
      await expect(page.getByRole('button', { name: /new applicant/ })).toHaveCount(0);

      // Approved: the activity columns, the table scrolling inside its own focusable region.
      await page.getByRole('button', { name: 'Everyone' }).click();
      const approvedTab = await inView(page.getByRole('tab', { name: 'Approved' }));
      await approvedTab.click();
      // Laptop: one table whose columns all fit; phone: one card per creator with the figures.
      const approved =
        size.name === 'phone'
          ? page.getByRole('list', { name: 'Approved creators' })
          : page.getByRole('region', { name: 'Approved creators' });
      await expect(approved).toBeVisible();
      for (const username of fitting) await expect(approved).toContainText(`@${username}`);
      await expect(approved.getByText('Spend').first()).toBeInViewport();
      if (size.name === 'laptop') {
        const clipped = await approved.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(clipped, 'the Approved table is clipped').toBeLessThanOrEqual(0);
      }
      await noSidewaysScroll(page, 'Approved');
      await expectAccessible(page, `Approved at ${size.name}`);
      await page.screenshot({ path: `${shots}-approved-tab.png`, fullPage: true });
    });

    test('keyboard alone: opens where applicants wait, the first Approve in a few keys, U undoes, the focus never drops', async ({
      page,
      request,
      ops,
    }) => {
      test.slow();
      const shots = `/tmp/creators-shots/${size.name}`;
      const { campaign, fitting, misfit } = await targetedCampaign(
        request,
        ops,
        uniqueName('Keys'),
      );
      await signIn(page, DEMO.brandKey);
      // Nothing remembered on this screen: it opens on a campaign where applicants wait, at
      // least as many as here.
      await page.goto(`/brands/${campaign.brand_id}/creators`);
      await expect(page).toHaveURL(/campaign=/);
      const shown = new URL(page.url()).searchParams.get('campaign')!;
      expect(await waitingOn(request, shown)).toBeGreaterThanOrEqual(4);

      // Choose this campaign from the keyboard.
      const h1 = page.getByRole('heading', { level: 1, name: 'Creators' });
      await h1.focus();
      await page.keyboard.press('Tab');
      const picker = page.getByRole('combobox', { name: 'Campaign' });
      await expect(picker).toBeFocused();
      await page.keyboard.type(campaign.name);
      const option = page
        .getByRole('listbox', { name: 'Campaign' })
        .getByRole('option')
        .filter({ hasText: campaign.name });
      await expect(option).toContainText('4 applicants waiting');
      await expect(option).toBeInViewport();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`campaign=${campaign.id}`));
      const approveOf = (u: string) => page.getByRole('button', { name: `Approve @${u}` });
      await expect(approveOf(misfit)).toBeVisible();

      // From the heading to the first Approve: count the Tabs (a skip link after the picker).
      await h1.focus();
      let tabs = 0;
      const skip = page.getByRole('button', { name: 'Go to the first applicant' });
      while (tabs < 6 && !(await skip.evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab');
        tabs += 1;
      }
      expect(tabs, 'Tabs from the heading to the skip link').toBeLessThanOrEqual(2);
      await expect(skip).toBeInViewport();
      await page.screenshot({ path: `${shots}-skip.png` });
      await page.keyboard.press('Enter');
      const first = approveOf(fitting[0]!);
      await expect(first).toBeFocused();
      await expect(first).toBeInViewport();

      // Enter approves and moves on; U takes it back and puts the focus on it again.
      await page.keyboard.press('Enter');
      await expect(approveOf(fitting[1]!)).toBeFocused();
      await expect(
        page.getByRole('button', { name: `Undo approving @${fitting[0]}` }),
      ).toBeVisible();
      await page.keyboard.press('u');
      const undone = page
        .getByRole('status')
        .filter({ hasText: 'Undone: the creator is waiting for a decision again' });
      await expect(undone).toBeVisible();
      // Said beside the row too: on a phone the bar above the list is out of view.
      await expect(page.getByText('Undone: nothing was sent')).toBeInViewport();
      await expect(first).toBeFocused();
      await expect(first).toBeInViewport();
      await page.screenshot({ path: `${shots}-undone.png` });

      // Down the list: every row decided, the focus ends on the word that it is done.
      for (const next of [fitting[1]!, fitting[2]!, misfit, null]) {
        await page.keyboard.press('Enter');
        if (next) {
          await expect(approveOf(next)).toBeFocused();
          await expect(approveOf(next)).toBeInViewport();
        }
      }
      const done = page.getByRole('heading', { name: 'Every applicant on this list is decided' });
      await expect(done).toBeFocused();
      await expect(done).toBeInViewport();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
      await noSidewaysScroll(page, 'Applied, all decided');
      await expectAccessible(page, `Applied all decided at ${size.name}`);
      await page.screenshot({ path: `${shots}-all-decided.png`, fullPage: true });
      await expect
        .poll(async () => {
          const now = await statuses(request, campaign.id);
          return [...fitting, misfit].map((u) => now[u]);
        })
        .toEqual(['approved', 'approved', 'approved', 'approved']);

      // On to Approved from the keyboard.
      await page.keyboard.press('Tab');
      const toApproved = page.getByRole('button', { name: 'Show approved creators' });
      await expect(toApproved).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: 'Approved' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Approved' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    test('by mouse: the picker says where applicants wait, a row’s Undo, and a campaign without approval', async ({
      page,
      request,
      ops,
    }) => {
      test.slow();
      const shots = `/tmp/creators-shots/${size.name}`;
      const { campaign, fitting } = await targetedCampaign(request, ops, uniqueName('Mouse'));
      const walkInName = uniqueName('Walk-in');
      const open = await openCampaign(request, ops, walkInName);
      await signIn(page, DEMO.brandKey);
      await page.goto(`/brands/${campaign.brand_id}/creators?campaign=${campaign.id}`);
      const approve = await inView(page.getByRole('button', { name: `Approve @${fitting[0]}` }));
      await approve.click();
      const undo = await inView(
        page.getByRole('button', { name: `Undo approving @${fitting[0]}` }),
      );
      await page.screenshot({ path: `${shots}-row-undo.png` });
      await undo.click();
      await expect(page.getByRole('button', { name: `Approve @${fitting[0]}` })).toBeFocused();
      await expect(
        page.getByRole('status').filter({ hasText: 'Undone: the creator is waiting' }),
      ).toBeVisible();
      expect((await statuses(request, campaign.id))[fitting[0]!]).toBe('applied');

      // The picker: how many wait on each campaign; a walk-in campaign needs no approval.
      const picker = await inView(page.getByRole('combobox', { name: 'Campaign' }));
      await picker.click();
      const list = page.getByRole('listbox', { name: 'Campaign' });
      const mine = list.getByRole('option').filter({ hasText: campaign.name });
      await picker.fill(campaign.name);
      await expect(mine).toContainText('4 applicants waiting');
      await picker.fill(walkInName);
      const walkIn = list.getByRole('option').filter({ hasText: walkInName });
      await expect(walkIn).toContainText('No approval needed');
      await expect(walkIn).toBeInViewport();
      await page.screenshot({ path: `${shots}-picker.png` });
      await walkIn.click();
      await expect(page).toHaveURL(new RegExp(`campaign=${open.id}`));
      const heading = page.getByRole('heading', {
        name: 'Creators join this campaign without approval',
      });
      await expect(heading).toBeInViewport();
      await expect(page.getByText(/New applications appear here/)).toHaveCount(0);
      await noSidewaysScroll(page, 'Applied without approval');
      await expectAccessible(page, `Applied without approval at ${size.name}`);
      await page.screenshot({ path: `${shots}-no-approval.png`, fullPage: true });
      await (await inView(page.getByRole('button', { name: 'Show approved creators' }))).click();
      await expect(page.getByRole('tab', { name: 'Approved' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });
  });
}
