import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { chooseCampaign } from './support/ui.ts';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a brand manager finds one creator’s posts by handle', async ({ page, request }) => {
      // The demo's launch campaign and the creator of its newest post, as the service has them.
      const auth = { Authorization: `Bearer ${DEMO.brandKey}` };
      const campaigns = await request.get('/2026-07/campaigns?limit=100', { headers: auth });
      const launch = (
        (await campaigns.json()) as { data: { id: string; name: string }[] }
      ).data.find((c) => c.name === 'Summer Glow Serum Launch')!;
      const posts = await request.get(`/2026-07/campaigns/${launch.id}/posts?limit=1`, {
        headers: auth,
      });
      const newest = ((await posts.json()) as { data: { creator_username: string }[] }).data[0]!;
      const handle = `@${newest.creator_username}`;

      await signIn(page, DEMO.brandKey);
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Posts',
      });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
      // Other journeys of the run create newer, empty active campaigns (the default is the newest
      // active one): open the demo's launch campaign, which has posts.
      const picker = page.getByRole('combobox', { name: 'Campaign', exact: true });
      await expect(picker).toBeInViewport();
      await chooseCampaign(page, 'Summer Glow Serum Launch');
      await expect(page).toHaveURL(new RegExp(`campaign=${launch.id}`));
      // The picker's list opens in view, newest first with statuses, and is accessible open; a
      // search that finds nothing says so; Escape keeps the campaign shown.
      await picker.click();
      const list = page.getByRole('listbox', { name: 'Campaign', exact: true });
      await expect(list).toBeInViewport();
      // It opens on the campaign shown when that is listed (scrolled to it), else on the first.
      const selected = list.getByRole('option', { selected: true });
      const opensOn = (await selected.count()) > 0 ? selected : list.getByRole('option').first();
      await expect(opensOn).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `/tmp/campaign-picker-${viewport.width}-open.png` });
      await expectAccessible(page, `the open campaign picker at ${viewport.width}`);
      await page.keyboard.type('no such campaign');
      await expect(page.getByText('No campaign matches ‘no such campaign’')).toBeInViewport();
      await page.screenshot({ path: `/tmp/campaign-picker-${viewport.width}-empty.png` });
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(picker).toHaveValue('Summer Glow Serum Launch');
      const table = page.getByRole('table');
      // The launch campaign's posts replace the default campaign's (newest first).
      await expect(table.getByRole('row').nth(1)).toContainText(handle);

      // The post's link, the table's last column, is in view without scrolling sideways.
      if (viewport.width >= 1024)
        await expect(
          table
            .getByRole('row')
            .nth(1)
            .getByRole('link', { name: /Open post/ }),
        ).toBeInViewport({ ratio: 1 });

      // On a phone the filters are folded away under the campaign, so the posts come first.
      const toggle = page.getByRole('button', { name: /^Filters/ });
      await expect(toggle).toHaveAttribute('aria-expanded', String(viewport.width >= 768));
      await expect(table.getByRole('row').nth(1)).toBeInViewport();
      if (viewport.width < 768) await toggle.click();
      const creator = page.getByRole('combobox', { name: 'Creator' });
      await creator.scrollIntoViewIfNeeded();
      await expect(creator).toBeInViewport();
      // The campaign's creators are read when the filter is used, not to open the screen.
      await creator.focus();
      await expect(creator.getByRole('option', { name: handle })).toBeAttached();
      await creator.selectOption({ label: handle });
      await expect(page).toHaveURL(/creator=/);
      await expect(toggle).toContainText('1 active');
      // The unfiltered page stays (dimmed, busy) until the creator's arrives; its first row is
      // already this creator's, so wait for the answer and then for no other creator's row.
      await expect(table).not.toHaveAttribute('aria-busy');
      await expect(table.getByRole('row').nth(1)).toContainText(handle);
      await expect(table.getByRole('row').filter({ hasNotText: handle })).toHaveCount(1);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(page, `posts of one creator at ${viewport.width}`);
    });
  });
}
