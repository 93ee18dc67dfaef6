import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test, uniqueName } from './support/fixtures.ts';
import { inView, noSidewaysScroll, use } from './support/ui.ts';

// Who did what (docs/api.md#people), on the real product: the agency's reviewer (Tom Becker)
// approves a submission of a Glow Lab campaign that needs the brand's sign-off; Glow Lab's
// manager then reads "approved by Tom Becker" in the submission's History, the campaign's History
// and the Activity screen filtered to him, whose entry opens the submission's own page and from
// there the queue; Glow Lab's viewer is offered no decision.

const PASSWORD = 'demo-password-2026';
const REVIEWER = {
  email: 'reviewer@brightline.demo',
  label: 'Tom Becker (Brightline Agency reviewer)',
};
const MANAGER = 'manager@glowlab.demo';
const VIEWER = 'viewer@glowlab.demo';

async function api<T>(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/2026-07${path}`, {
    method,
    headers: { Authorization: `Bearer ${DEMO.agencyKey}` },
    data,
  });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A live Glow Lab campaign of the agency, with the brand's sign-off, and two inspected clips. */
async function world(
  request: APIRequestContext,
  ops: { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> },
  baseURL: string,
) {
  const me = await api<{ brands: { id: string; name: string }[] }>(request, 'GET', '/me');
  const brand = me.brands.find((b) => b.name === DEMO.brand)!;
  const name = uniqueName('Audit');
  const campaign = await api<{ id: string; tasks: { id: string }[] }>(
    request,
    'POST',
    '/campaigns',
    {
      name,
      brand_id: brand.id,
      settings: { brand_approval_required: true },
      tasks: [{ title: 'Unboxing', instructions: 'Open the box.', platforms: ['tiktok'] }],
    },
  );
  await api(request, 'POST', `/campaigns/${campaign.id}/publish`);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const stamp = Date.now().toString(36);
  const sent: { username: string; id: string }[] = [];
  for (const which of ['a', 'b']) {
    const username = `audit_${stamp}_${which}`;
    const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
    await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
    const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
      creator_id: creator.id,
      task_id: campaign.tasks[0]!.id,
      media_type: 'video',
      media_url: `${baseURL}/samples/clip-1.mp4`,
    });
    sent.push({ username, id: submission.id });
  }
  for (const { id } of sent) {
    await expect
      .poll(
        async () =>
          (
            await api<{ checks: unknown[] | null }>(
              request,
              'GET',
              `/campaigns/${campaign.id}/submissions/${id}`,
            )
          ).checks !== null,
        { timeout: 20_000 },
      )
      .toBe(true);
  }
  return {
    brand,
    campaign: { id: campaign.id, name },
    username: sent[0]!.username,
    submissionId: sent[0]!.id,
    later: sent[1]!,
  };
}

/** A person signs in with e-mail and password, in a browser of their own. */
async function signedIn(browser: Browser, baseURL: string, viewport: object, email: string) {
  const context = await browser.newContext({ baseURL, viewport: viewport as never });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().startsWith('Failed to load resource')) return;
    if (msg.type() === 'error' || msg.type() === 'warning')
      errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  return { context, page, errors };
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('a reviewer approves; the manager reads it in History and Activity; a viewer cannot decide', async ({
      page,
      request,
      ops,
      baseURL,
      browser,
    }) => {
      test.slow();
      const w = await world(request, ops, baseURL!);
      const shot = (p: Page, what: string) =>
        p.screenshot({ path: `/tmp/activity-${size.width}-${what}.png` });
      const contexts: BrowserContext[] = [];
      try {
        // The agency's reviewer approves in the queue (the first page: the fixture watches it).
        await page.goto('/sign-in');
        await page.getByLabel('E-mail').fill(REVIEWER.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
        await page.goto(`/brands/${w.brand.id}/review?campaign=${w.campaign.id}`);
        const region = page.getByRole('region', { name: 'Current submission' });
        await expect(region).toHaveAttribute('data-submission-id', w.submissionId);
        // History is there, closed: the decision stays in reach.
        await expect(region.getByRole('button', { name: 'History' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        const approve = region.getByRole('button', { name: 'Approve' });
        await expect(approve).toBeInViewport();
        await expect(approve).toBeEnabled();
        await shot(page, 'reviewer-queue');
        await approve.click();
        await expect(page.getByText(`Approved @${w.username}.`)).toBeVisible({ timeout: 15_000 });

        // Glow Lab's manager: the submission's History in the Sign-off view.
        const manager = await signedIn(browser, baseURL!, size, MANAGER);
        contexts.push(manager.context);
        const m = manager.page;
        await m.goto(`/brands/${w.brand.id}/review?campaign=${w.campaign.id}`);
        await use(m.getByRole('tab', { name: /^Sign-off/ }));
        const brandRegion = m.getByRole('region', { name: 'Current submission' });
        await expect(brandRegion).toHaveAttribute('data-submission-id', w.submissionId);
        const history = brandRegion.getByRole('button', { name: 'History' });
        await use(history);
        await expect(history).toHaveAttribute('aria-expanded', 'true');
        const line = brandRegion.getByText(
          `Approved for the brand’s sign-off by ${REVIEWER.label}`,
        );
        await inView(line);
        await expect(brandRegion.getByRole('button', { name: 'Approve' })).toBeInViewport();
        await expectAccessible(m, 'the submission’s History');
        await shot(m, 'submission-history');

        // The campaign's History, then Activity filtered to the reviewer.
        await m.goto(`/brands/${w.brand.id}/campaigns/${w.campaign.id}`);
        const campaignHistory = m.getByRole('region', { name: 'History' });
        await inView(
          campaignHistory.getByText(
            `${REVIEWER.label} approved @${w.username}’s submission for the brand’s sign-off`,
          ),
        );
        await expectAccessible(m, 'the campaign’s History');
        await shot(m, 'campaign-history');
        await use(campaignHistory.getByRole('link', { name: 'Show all in Activity' }));
        await expect(m.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
        await expect(m).toHaveURL(new RegExp(`campaign=${w.campaign.id}`));
        const who = m.getByRole('combobox', { name: 'Who' });
        await inView(who);
        await who.selectOption({ label: REVIEWER.label });
        await expect(m).toHaveURL(/who=/);
        const list = m.getByRole('list', { name: 'Activity, newest first' });
        const entry = list.getByText(
          `${REVIEWER.label} approved @${w.username}’s submission for the brand’s sign-off`,
        );
        await inView(entry);
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await noSidewaysScroll(m, 'the Activity screen');
        await expectAccessible(m, 'the Activity screen');
        await shot(m, 'activity');

        // Live: the reviewer approves the other clip meanwhile; it waits behind the pill.
        const session = await request.post('/2026-07/sessions', {
          data: { email: REVIEWER.email, password: PASSWORD },
        });
        const token = ((await session.json()) as { token: string }).token;
        const later = await request.post(
          `/2026-07/campaigns/${w.campaign.id}/submissions/${w.later.id}/approve`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        expect(later.status(), await later.text()).toBe(200);
        const pill = m.getByRole('button', { name: '1 new · Show' });
        await expect(pill).toBeInViewport({ timeout: 10_000 });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await shot(m, 'activity-new');
        await pill.click();
        await expect(list.getByRole('listitem')).toHaveCount(2);
        await expect(list.getByRole('listitem').first()).toContainText(
          `approved @${w.later.username}’s submission`,
        );

        // The entry links to the submission itself (the campaign link stays): from the keyboard.
        const about = list.getByRole('listitem').filter({ hasText: `@${w.username}’s` });
        await expect(about.getByRole('link', { name: w.campaign.name })).toBeVisible();
        const open = about.getByRole('link', { name: `View @${w.username}’s submission` });
        await inView(open);
        await open.focus();
        await m.keyboard.press('Enter');
        await expect(
          m.getByRole('heading', { level: 1, name: `@${w.username}’s submission` }),
        ).toBeVisible();
        await expect(m).toHaveURL(
          `/brands/${w.brand.id}/campaigns/${w.campaign.id}/submissions/${w.submissionId}`,
        );
        const details = m.getByRole('region', { name: 'Submission' });
        await inView(details.getByText('Waiting for the brand’s sign-off.'));
        await expect(details.getByLabel(`Video by ${w.username}`)).toBeInViewport({ ratio: 0.5 });
        await inView(
          details.getByRole('region', { name: 'Versions' }).getByText('First submission'),
        );
        await inView(details.getByText(`Approved for the brand’s sign-off by ${REVIEWER.label}`));
        await noSidewaysScroll(m, 'the submission’s page');
        await expectAccessible(m, 'the submission’s page');
        await shot(m, 'submission-page');
        await use(details.getByRole('link', { name: 'Review it in the queue' }));
        await expect(m).toHaveURL(new RegExp(`/review\\?campaign=${w.campaign.id}$`));
        await expect(m.getByRole('region', { name: 'Current submission' })).toHaveAttribute(
          'data-submission-id',
          w.submissionId,
        );
        expect(manager.errors, 'the manager’s console stays clean').toEqual([]);

        // Glow Lab's viewer: no decision, a read-only note where it would be.
        const viewer = await signedIn(browser, baseURL!, size, VIEWER);
        contexts.push(viewer.context);
        const v = viewer.page;
        await v.goto(`/brands/${w.brand.id}/review?campaign=${w.campaign.id}`);
        await use(v.getByRole('tab', { name: /^Sign-off/ }));
        const viewerRegion = v.getByRole('region', { name: 'Current submission' });
        await expect(viewerRegion).toHaveAttribute('data-submission-id', w.submissionId);
        await inView(
          viewerRegion.getByText(
            'Your access lets you look at submissions, not approve them or request changes.',
          ),
        );
        await expect(v.getByRole('button', { name: /Approve|Request changes/ })).toHaveCount(0);
        await expectAccessible(v, 'the viewer’s queue');
        await shot(v, 'viewer-queue');
        await v.goto(`/brands/${w.brand.id}/campaigns/${w.campaign.id}`);
        await expect(v.getByRole('heading', { level: 1, name: w.campaign.name })).toBeVisible();
        await expect(v.getByRole('button', { name: /Pause|Edit|Delete|Publish/ })).toHaveCount(0);
        await expect(v.getByRole('link', { name: /Edit/ })).toHaveCount(0);
        await v.goto(`/brands/${w.brand.id}/campaigns`);
        await expect(v.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
        await expect(v.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
        expect(viewer.errors, 'the viewer’s console stays clean').toEqual([]);
      } finally {
        for (const context of contexts) await context.close();
      }
    });
  });
}
