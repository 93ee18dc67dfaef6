import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { inView, noSidewaysScroll, use } from './support/ui.ts';

// Getting a campaign live (docs/api.md#getting-live): a brand manager publishes a draft, sees
// what the pending campaign waits for, withdraws it to edit, publishes it again, and is told on
// another screen when the platform's review approves it. This instance runs no simulator: the
// platform's decision is the /ops review, as an operator would make it.

type CampaignJson = { id: string; brand_id: string; status: string };

async function draftWithTask(request: APIRequestContext, name: string): Promise<CampaignJson> {
  const res = await request.post('/2026-07/campaigns', {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
    data: {
      name,
      description: 'Show your morning routine with the Glow serum.',
      product: { name: 'Glow serum' },
      tasks: [
        {
          title: 'Morning routine',
          instructions: 'Film your morning routine in one take.',
          platforms: ['tiktok'],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

for (const size of [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`getting a campaign live on a ${size.name} (${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('publish, see it pending, withdraw to edit, publish again and be told when it goes live', async ({
      page,
      request,
      ops,
    }) => {
      test.slow();
      const name = uniqueName('Getting live');
      const campaign = await draftWithTask(request, name);
      await signIn(page, DEMO.brandKey);
      await page.goto(`/brands/${campaign.brand_id}/campaigns/${campaign.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();

      // Publish: the campaign says when it was sent, what happens next and how long it takes.
      await use(page.getByRole('button', { name: 'Publish' }));
      await use(
        page
          .getByRole('alertdialog', { name: `Publish “${name}”?` })
          .getByRole('button', { name: 'Publish' }),
      );
      const panel = page.getByRole('region', { name: 'Waiting for the platform’s approval' });
      await inView(panel);
      await expect(panel).toContainText('Sent for approval');
      await expect(panel).toContainText('What happens next');
      await expect(panel).toContainText(/Review usually takes about|no reviews lately/);
      await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
      await noSidewaysScroll(page, 'the pending campaign');
      await expectAccessible(page, 'the pending campaign');

      // Withdraw to edit: a draft again, with Edit and Publish back.
      await use(panel.getByRole('button', { name: 'Withdraw to edit' }));
      await expect(page.getByText('Request withdrawn')).toBeVisible();
      await expect(panel).toHaveCount(0);
      await inView(page.getByRole('link', { name: 'Edit', exact: true }));
      await inView(page.getByRole('button', { name: 'Publish' }));
      await expectAccessible(page, 'the withdrawn campaign');

      // Publish again; the list says when it was sent.
      await use(page.getByRole('button', { name: 'Publish' }));
      await use(
        page
          .getByRole('alertdialog', { name: `Publish “${name}”?` })
          .getByRole('button', { name: 'Publish' }),
      );
      await inView(panel);
      await use(page.getByRole('link', { name: 'Back to campaigns' }));
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
      await expect(page).toHaveURL(/[?&]q=/);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
      await expect(row).toContainText('Pending approval');
      await expect(row).toContainText(/Sent (just now|\d+ min ago)/);
      await noSidewaysScroll(page, 'the campaign list');

      // The platform approves it while the user is on another screen: a toast says so, with a link.
      await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
      const toast = page.getByText(`“${name}” is live`);
      await expect(toast).toBeInViewport({ timeout: 15_000 });
      await expectAccessible(page, 'the toast of a campaign gone live');
      await use(page.getByRole('link', { name: `Open “${name}”` }));
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
      await expect(page.getByRole('main').getByText('Active').first()).toBeVisible();
      await inView(page.getByRole('button', { name: 'Pause' }));
    });

    test('a denial is told with its reason, and the campaign is a draft to fix', async ({
      page,
      request,
      ops,
    }) => {
      test.slow();
      const name = uniqueName('Denied journey');
      const campaign = await draftWithTask(request, name);
      await signIn(page, DEMO.brandKey);
      await page.goto(`/brands/${campaign.brand_id}/campaigns/${campaign.id}`);
      await use(page.getByRole('button', { name: 'Publish' }));
      await use(
        page
          .getByRole('alertdialog', { name: `Publish “${name}”?` })
          .getByRole('button', { name: 'Publish' }),
      );
      await inView(page.getByRole('region', { name: 'Waiting for the platform’s approval' }));
      await use(page.getByRole('link', { name: 'Back to campaigns' }));
      await ops.post(`/campaigns/${campaign.id}/review`, {
        decision: 'denied',
        reason: 'Add a brief with the dos and don’ts.',
      });
      await expect(page.getByText(`“${name}” was not approved`)).toBeInViewport({
        timeout: 15_000,
      });
      await expect(page.getByText('Add a brief with the dos and don’ts.').first()).toBeVisible();
      await expectAccessible(page, 'the toast of a denial');
    });
  });
}
