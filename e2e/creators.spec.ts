import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { inView, noSidewaysScroll } from './support/ui.ts';

// The approval job at a laptop's and a phone's size: a brand manager approves three applicants
// who fit the campaign's targeting while another creator applies; every control is in view
// before it is used, the row under the pointer never moves, and the page never scrolls sideways.

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
  const campaign = (await created.json()) as { id: string; brand_id: string };
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
      await expect(page.getByRole('status').filter({ hasText: '3 approved' })).toBeVisible();
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
  });
}
