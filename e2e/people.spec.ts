import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  DEMO,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  expect,
  expectAccessible,
  signInAsMember,
  test,
  uniqueName,
} from './support/fixtures.ts';
import { inView, noSidewaysScroll, use } from './support/ui.ts';

// People in the dashboard (docs/api.md#people), on the real product: Glow Lab's admin invites
// a reviewer from Settings and copies the one-time link; the reviewer opens it in another browser,
// joins, and approves three submissions; the admin removes them and their open tab is signed out.
// Then the admin creates an API key (shown once) and revokes it.

type Ops = { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> };

const auth = { Authorization: `Bearer ${DEMO.brandKey}` };

/** A live campaign of Glow Lab whose three creators each sent a playable video. */
async function campaignWithThreeSubmissions(request: APIRequestContext, ops: Ops, baseURL: string) {
  const name = uniqueName('People review');
  const created = await request.post('/2026-07/campaigns', {
    headers: auth,
    data: {
      name,
      tasks: [
        {
          title: 'Morning routine',
          instructions: 'Show the serum in the first three seconds.',
          platforms: ['tiktok'],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as {
    id: string;
    brand_id: string;
    tasks: { id: string }[];
  };
  expect(
    (await request.post(`/2026-07/campaigns/${campaign.id}/publish`, { headers: auth })).ok(),
  ).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const submissions: { id: string; username: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const username = `ppl_${Date.now().toString(36)}_${i}`;
    const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
    await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
    const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
      creator_id: creator.id,
      task_id: campaign.tasks[0]!.id,
      media_type: 'video',
      media_url: `${baseURL}/samples/clip-${i + 1}.mp4`,
    });
    submissions.push({ id: submission.id, username });
  }
  return { id: campaign.id, brandId: campaign.brand_id, name, submissions };
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

async function openSettings(page: Page) {
  await use(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
}

for (const size of [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('an admin invites a reviewer, who joins from the link and reviews; removed, their open tab is signed out', async ({
      page,
      context,
      request,
      ops,
      baseURL,
      browser,
    }) => {
      // Two browsers, three undo windows and a sign-out carried by the event stream.
      test.slow();
      const campaign = await campaignWithThreeSubmissions(request, ops, baseURL!);
      const shot = (p: Page, what: string) =>
        p.screenshot({ path: `/tmp/people-${size.width}-${what}.png`, fullPage: false });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);

      // The admin opens Settings from the navigation.
      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      await openSettings(page);
      const members = page.getByRole('list', { name: 'Members' });
      const adminRow = members.getByRole('listitem').filter({ hasText: DEMO_MEMBERS.admin.email });
      await expect(adminRow.getByText('You', { exact: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'API keys' })).toBeVisible();
      await noSidewaysScroll(page, 'Settings');
      await expectAccessible(page, 'Settings');
      await shot(page, 'settings');

      // The last admin cannot remove themselves: said in words at once, with no confirmation
      // that would promise otherwise.
      await use(adminRow.getByRole('button', { name: /^Remove yourself/ }));
      await expect(page.getByText('You were not removed')).toBeVisible();
      await expect(
        page.getByText('Glow Lab needs at least one admin.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expectAccessible(page, 'the last admin refused');
      await shot(page, 'last-admin');

      // Invite a reviewer; the link is shown once, with a Copy button.
      const email = `reviewer.${Date.now().toString(36)}@glowlab.test`;
      const name = `Robin Vale ${Date.now().toString(36).slice(-4)}`;
      await use(page.getByRole('button', { name: 'Invite a member' }));
      const invite = page.getByRole('dialog', { name: 'Invite someone to Glow Lab' });
      await (await inView(invite.getByLabel('E-mail'))).fill(email);
      await expect(invite.getByText(`${email.length} / 320 characters`)).toBeVisible();
      await (await inView(invite.getByLabel('Role'))).selectOption('reviewer');
      await expectAccessible(page, 'the invite dialog');
      await shot(page, 'invite');
      await use(invite.getByRole('button', { name: 'Create invitation link' }));
      const linkDialog = page.getByRole('dialog', { name: 'Send this invitation link' });
      await expect(linkDialog.getByText(/shown only now and is valid for 7 days/)).toBeVisible();
      const shown = await linkDialog.getByLabel('Invitation link').inputValue();
      expect(shown).toMatch(/\/accept-invitation#token=cci_[0-9A-Za-z]+$/);
      await use(linkDialog.getByRole('button', { name: 'Copy link' }));
      await expect(page.getByText('Invitation link copied')).toBeVisible();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(shown);
      await expectAccessible(page, 'the invitation link');
      await shot(page, 'invitation-link');
      await use(linkDialog.getByRole('button', { name: 'Done' }));
      await expect(linkDialog).toBeHidden();
      // The invited person is not a member until they accept; the invitation waits, listed with
      // its expiry and a way to make a new link or revoke it.
      await expect(members.getByText(email)).toHaveCount(0);
      const pendingRow = page
        .getByRole('list', { name: /^Pending invitations/ })
        .getByRole('listitem')
        .filter({ hasText: email });
      await expect(pendingRow.getByText(/^Expires/)).toBeVisible();
      await expect(pendingRow.getByRole('button', { name: `New link for ${email}` })).toBeVisible();
      await expect(
        pendingRow.getByRole('button', { name: `Revoke the invitation of ${email}` }),
      ).toBeVisible();
      await pendingRow.scrollIntoViewIfNeeded();
      await expect(
        pendingRow.getByRole('button', { name: `New link for ${email}` }),
      ).toBeInViewport();
      await shot(page, 'pending-invitation');

      let reviewerContext: BrowserContext | undefined;
      try {
        reviewerContext = await browser.newContext({
          baseURL: baseURL!,
          viewport: { width: size.width, height: size.height },
        });
        const reviewer = await reviewerContext.newPage();
        const errors = watchConsole(reviewer);

        // A link that was never issued (or was used, or expired) says so, and leads to sign-in.
        await reviewer.goto('/accept-invitation#token=cci_this_link_does_not_exist_000000000000');
        await expect(reviewer).toHaveURL(/\/accept-invitation$/);
        await (await inView(reviewer.getByLabel('Your name'))).fill(name);
        await (
          await inView(reviewer.getByLabel('Password', { exact: true }))
        ).fill('a long enough password');
        await use(reviewer.getByRole('button', { name: 'Join and sign in' }));
        await expect(reviewer.getByText('This invitation can no longer be used')).toBeVisible();
        await expect(reviewer.getByRole('link', { name: 'Go to sign in' })).toBeInViewport();
        await expectAccessible(reviewer, 'an unusable invitation');
        await shot(reviewer, 'accept-unusable');

        // The real link, opened in the same tab: the token leaves the address bar as soon as the
        // page has read it.
        await reviewer.goto(link);
        await expect(reviewer.getByText('This invitation can no longer be used')).toBeHidden();
        await expect(
          reviewer.getByRole('heading', { level: 1, name: 'Join Campaign Console' }),
        ).toBeVisible();
        await expect(reviewer).toHaveURL(/\/accept-invitation$/);
        expect(await reviewer.evaluate(() => window.location.hash)).toBe('');
        const nameField = await inView(reviewer.getByLabel('Your name'));
        await nameField.fill(name);
        const password = await inView(reviewer.getByLabel('Password', { exact: true }));
        await password.fill('short');
        await expect(
          reviewer.getByText('At least 12 characters: 5 so far.', { exact: false }),
        ).toBeVisible();
        await use(reviewer.getByRole('button', { name: 'Join and sign in' }));
        await expect(reviewer.getByText('Use at least 12 characters.')).toBeVisible();
        await password.fill('lantern orchard 2026');
        const show = reviewer.getByRole('button', { name: 'Show password' });
        await use(show);
        await expect(show).toHaveAttribute('aria-pressed', 'true');
        await expect(password).toHaveAttribute('type', 'text');
        await expectAccessible(reviewer, 'the accept-invitation page');
        await shot(reviewer, 'accept');
        await use(reviewer.getByRole('button', { name: 'Join and sign in' }));

        // Signed in, in Glow Lab, as a reviewer: no Settings for them.
        await expect(reviewer.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
        await expect(reviewer).toHaveURL(new RegExp(`/brands/${campaign.brandId}/campaigns$`));
        if (!size.phone) {
          await expect(reviewer.getByRole('banner').getByText(name)).toBeVisible();
          await expect(reviewer.getByRole('banner').getByText('Reviewer')).toBeVisible();
        }
        const reviewerNav = reviewer.getByRole('navigation', { name: 'Main' });
        await expect(reviewerNav.getByRole('link', { name: /^Review queue/ })).toBeVisible();
        await expect(reviewerNav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
        // Typed directly, Settings says they have no access.
        await reviewer.goto(`/brands/${campaign.brandId}/settings`);
        await expect(reviewer.getByText('You do not have access to Settings')).toBeVisible();
        await expectAccessible(reviewer, 'Settings without access');
        await shot(reviewer, 'no-access');

        // The reviewer approves the three submissions in the review queue.
        await reviewer.goto(`/brands/${campaign.brandId}/review?campaign=${campaign.id}`);
        const region = reviewer.getByRole('region', { name: 'Current submission' });
        await expect(
          reviewer.getByRole('status').filter({ hasText: /^3 submissions waiting for you \(/ }),
        ).toBeVisible();
        for (const submission of campaign.submissions) {
          await expect(region).toHaveAttribute('data-submission-id', submission.id);
          await use(region.getByRole('button', { name: 'Approve' }));
          await expect(
            reviewer.getByText(`Approving @${submission.username}: sent in a few seconds.`),
          ).toBeVisible();
        }
        await expect(region.getByText('Nothing waiting')).toBeVisible();
        const last = campaign.submissions[2]!;
        await expect(reviewer.getByText(`Approved @${last.username}.`)).toBeVisible({
          timeout: 15_000,
        });
        for (const submission of campaign.submissions) {
          const res = await request.get(
            `/2026-07/campaigns/${campaign.id}/submissions/${submission.id}`,
            { headers: auth },
          );
          expect(((await res.json()) as { status: string }).status).toBe('approved');
        }

        // The admin reads who approved them: in the campaign's History, then in Activity
        // filtered to the reviewer.
        const approvedBy = (username: string) =>
          `${name} (reviewer) approved @${username}’s submission`;
        await page.goto(`/brands/${campaign.brandId}/campaigns/${campaign.id}`);
        const history = page.getByRole('region', { name: 'History' });
        await inView(history.getByText(approvedBy(last.username)));
        await expectAccessible(page, 'the campaign’s History');
        await shot(page, 'campaign-history');
        await use(history.getByRole('link', { name: 'Show all in Activity' }));
        await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
        const who = await inView(page.getByRole('combobox', { name: 'Who' }));
        await who.selectOption({ label: `${name} (reviewer)` });
        await expect(page).toHaveURL(/who=/);
        const activity = page.getByRole('list', { name: 'Activity, newest first' });
        await inView(activity.getByText(approvedBy(last.username)));
        for (const submission of campaign.submissions)
          await expect(activity.getByText(approvedBy(submission.username))).toBeVisible();
        await noSidewaysScroll(page, 'the Activity screen');
        await expectAccessible(page, 'the Activity screen');
        await shot(page, 'activity');

        // The admin sees the reviewer in Members, and removes them.
        await page.goto(`/brands/${campaign.brandId}/settings`);
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        const row = members.getByRole('listitem').filter({ hasText: email });
        await expect(row.getByText(name)).toBeVisible();
        const roleOf = row.getByRole('combobox', { name: `Role of ${name}` });
        await expect(roleOf).toHaveValue('reviewer');

        // The admin makes them a viewer: the reviewer's open tab reads who they are again at
        // once (the service closes their stream; the console reconnects and reads /me).
        const meAgain = reviewer.waitForResponse(
          (r) => r.url().endsWith('/2026-07/me') && r.status() === 200,
          { timeout: 15_000 },
        );
        await roleOf.selectOption('viewer');
        await expect(page.getByText(`${name} is now viewer`)).toBeVisible();
        await meAgain;
        if (!size.phone)
          await expect(reviewer.getByRole('banner').getByText('Viewer')).toBeVisible();
        await use(row.getByRole('button', { name: `Remove ${name}` }));
        const confirm = page.getByRole('alertdialog', { name: `Remove ${name}?` });
        await expect(confirm.getByText(`${name} (${email}) loses access`)).toBeVisible();
        await expectAccessible(page, 'the remove dialog');
        await shot(page, 'remove');
        await use(confirm.getByRole('button', { name: 'Remove' }));
        await expect(confirm).toBeHidden();
        await expect(page.getByText(`${name} was removed`)).toBeVisible();
        await expect(members.getByText(email)).toHaveCount(0);

        // The reviewer's open tab: the service closes their event stream; the console signs out.
        await expect(reviewer).toHaveURL(/\/sign-in\?/, { timeout: 15_000 });
        await expect(reviewer.getByText('You were signed out')).toBeVisible();
        await expectAccessible(reviewer, 'signed out');
        await shot(reviewer, 'signed-out');
        expect(errors, 'the reviewer’s console stays clean').toEqual([]);
      } finally {
        await reviewerContext?.close();
      }
    });

    test('an admin creates an API key with some of their scopes, copies it once, and revokes it', async ({
      page,
      context,
      request,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const shot = (what: string) =>
        page.screenshot({ path: `/tmp/people-${size.width}-${what}.png`, fullPage: false });
      await signInAsMember(page, DEMO_MEMBERS.admin.email, DEMO_MEMBER_PASSWORD);
      await openSettings(page);
      await use(page.getByRole('button', { name: 'Create a key' }));
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      const keyName = uniqueName('Shop sync');
      await (await inView(dialog.getByLabel('Name'))).fill(keyName);
      await expect(dialog.getByText(`${keyName.length} / 200 characters`)).toBeVisible();
      await expect(dialog.getByText('A key never has more scopes than you.')).toBeVisible();
      await (await inView(dialog.getByRole('checkbox', { name: /^codes:read/ }))).check();
      await expectAccessible(page, 'the create-key dialog');
      await shot('create-key');
      await use(dialog.getByRole('button', { name: 'Create key' }));

      const created = page.getByRole('dialog', { name: `Key “${keyName}” created` });
      await expect(created.getByText('You will not see this key again')).toBeVisible();
      const key = await created.getByLabel('API key').inputValue();
      expect(key).toMatch(/^cck_/);
      // Escape before copying asks first: the key is not shown again.
      await page.keyboard.press('Escape');
      await expect(created.getByText('You have not copied the API key')).toBeVisible();
      await expect(created.getByRole('button', { name: 'Close without copying' })).toBeInViewport();
      await use(created.getByRole('button', { name: 'Copy key' }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await expectAccessible(page, 'the new key');
      await shot('key-created');
      await use(created.getByRole('button', { name: 'Done' }));

      // The key works, with exactly the scopes chosen.
      const me = await request.get('/2026-07/me', { headers: { Authorization: `Bearer ${key}` } });
      expect(((await me.json()) as { key: { scopes: string[] } }).key.scopes).toEqual([
        'campaigns:read',
        'codes:read',
      ]);

      const keys = page.getByRole('list', { name: 'API keys' });
      const row = keys.getByRole('listitem').filter({ hasText: keyName }).first();
      await expect(row.getByText('Active')).toBeVisible();
      await noSidewaysScroll(page, 'Settings with a new key');
      await shot('keys');
      await use(row.getByRole('button', { name: `Revoke ${keyName}` }));
      const confirm = page.getByRole('alertdialog', { name: `Revoke ${keyName}?` });
      await use(confirm.getByRole('button', { name: 'Revoke key' }));
      await expect(confirm).toBeHidden();
      await expect(row.getByText(/^Revoked /)).toBeVisible();
      const refused = await request.get('/2026-07/me', {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(refused.status()).toBe(401);
      await expectAccessible(page, 'a revoked key');
    });
  });
}
