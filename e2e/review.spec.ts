import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';

type Submission = { id: string; status: string; feedback: string | null; creator_username: string };

async function get(request: APIRequestContext, key: string, path: string) {
  const res = await request.get(`/2026-07${path}`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.ok(), `GET ${path} answered ${res.status()}`).toBe(true);
  return res.json();
}

/** Every submission of the brand's active and paused campaigns, as the service has them. */
async function brandSubmissions(request: APIRequestContext, key: string): Promise<Submission[]> {
  const campaigns = await get(request, key, '/campaigns?status=active&status=paused&limit=100');
  const all: Submission[] = [];
  for (const campaign of campaigns.data as { id: string }[]) {
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
      const page = await get(
        request,
        key,
        `/campaigns/${campaign.id}/submissions?limit=100${after}`,
      );
      all.push(...page.data);
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
  }
  return all;
}

const waiting = (page: Page, n: number) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${n} submissions? waiting`) });

async function openQueue(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Review queue/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current submission' })).toBeVisible();
}

test('a reviewer approves three and rejects two submissions with feedback using only the keyboard', async ({
  page,
  request,
}) => {
  const before = await brandSubmissions(request, DEMO.brandKey);
  const waitingBefore = before.filter((s) => s.status === 'in_review').length;
  expect(
    waitingBefore,
    'the demo world has at least five submissions waiting',
  ).toBeGreaterThanOrEqual(5);

  await signIn(page, DEMO.brandKey);
  await openQueue(page);
  await expect(waiting(page, waitingBefore)).toBeVisible();
  await expectAccessible(page, 'the review queue');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expectAccessible(page, 'the shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('a');
    await expect(waiting(page, waitingBefore - i)).toBeVisible();
  }
  const feedback = uniqueName('Please show the label');
  for (let i = 4; i <= 5; i++) {
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: 'Reject submission' });
    await expect(dialog.getByRole('textbox', { name: 'Feedback to the creator' })).toBeFocused();
    if (i === 4) await expectAccessible(page, 'the rejection box');
    await page.keyboard.type(feedback);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(waiting(page, waitingBefore - i)).toBeVisible();
  }

  // Decisions are sent once their undo window closes.
  await expect
    .poll(
      async () => {
        const after = await brandSubmissions(request, DEMO.brandKey);
        return after.filter((s) => s.status === 'in_review').length;
      },
      { timeout: 15_000 },
    )
    .toBe(waitingBefore - 5);
  const after = await brandSubmissions(request, DEMO.brandKey);
  const decided = after.filter(
    (s) => before.find((b) => b.id === s.id)?.status === 'in_review' && s.status !== 'in_review',
  );
  expect(decided.filter((s) => s.status === 'approved')).toHaveLength(3);
  const rejected = decided.filter((s) => s.status === 'rejected');
  expect(rejected).toHaveLength(2);
  for (const s of rejected) expect(s.feedback).toBe(feedback);
});

test('two reviewers decide the same submission and the second sees a clear conflict', async ({
  browser,
}) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  try {
    await signIn(first, DEMO.brandKey);
    await signIn(second, DEMO.agencyKey);
    await openQueue(first);
    await openQueue(second);
    const who = async (page: Page) =>
      (
        await page
          .getByRole('region', { name: 'Current submission' })
          .getByText(/^@/)
          .first()
          .textContent()
      )?.trim();
    // Both see the oldest waiting submission of Glow Lab first.
    await expect.poll(async () => (await who(first)) === (await who(second))).toBe(true);

    // Both decide within the same few seconds: exactly one decision wins, the other reviewer is
    // told who got there first and the queue moves on.
    await first.keyboard.press('a');
    await second.keyboard.press('a');
    const conflict = (page: Page) =>
      page.getByRole('alert').filter({ hasText: /already reviewed/i });
    await expect
      .poll(async () => (await conflict(first).count()) + (await conflict(second).count()), {
        timeout: 15_000,
      })
      .toBe(1);
    const loser = (await conflict(first).count()) ? first : second;
    await expect(conflict(loser)).toContainText(/approved/);
  } finally {
    await first.close();
    await second.close();
  }
});

test('a brand manager bulk-approves five applicants', async ({ page, ops, request }) => {
  // A live campaign that asks for creator approval, so applications wait for the brand.
  const name = uniqueName('Waitlist launch');
  const created = await request.post('/2026-07/campaigns', {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
    data: {
      name,
      settings: { creator_approval_required: true },
      tasks: [
        { title: 'Unboxing', instructions: 'Open the box on camera.', platforms: ['tiktok'] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string };
  const published = await request.post(`/2026-07/campaigns/${campaign.id}/publish`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(published.ok()).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });

  const names: string[] = [];
  for (let i = 0; i < 5; i++) {
    const username = `bulk_${Date.now().toString(36)}_${i}`;
    const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
    const application = await ops.post<{ status: string }>(
      `/campaigns/${campaign.id}/applications`,
      {
        creator_id: creator.id,
      },
    );
    expect(application.status).toBe('applied');
    names.push(username);
  }

  await signIn(page, DEMO.brandKey);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Creators' })
    .click();
  await page.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: name });
  await page.getByRole('tab', { name: 'Applied' }).click();
  for (const username of names) {
    await page.getByRole('checkbox', { name: `Select ${username}` }).check();
  }
  await expectAccessible(page, 'the creators screen');
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByRole('progressbar', { name: 'Decisions sent' })).toBeVisible();
  await page.getByRole('tab', { name: 'Approved' }).click();
  for (const username of names) await expect(page.getByText(username)).toBeVisible();

  const approved = await get(
    request,
    DEMO.brandKey,
    `/campaigns/${campaign.id}/creators?status=approved`,
  );
  expect((approved.data as { username: string }[]).map((c) => c.username).sort()).toEqual(
    names.sort(),
  );
});

test('a decision still in its undo window is sent when the reviewer closes the tab', async ({
  browser,
  request,
  ops,
}) => {
  // A submission of its own, in a campaign of its own, so the journey does not depend on what
  // the others left waiting.
  const name = uniqueName('Closing tab');
  const created = await request.post('/2026-07/campaigns', {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
    data: {
      name,
      tasks: [{ title: 'Unboxing', instructions: 'Open the box.', platforms: ['tiktok'] }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string; tasks: { id: string }[] };
  const published = await request.post(`/2026-07/campaigns/${campaign.id}/publish`, {
    headers: { Authorization: `Bearer ${DEMO.brandKey}` },
  });
  expect(published.ok()).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const creator = await ops.post<{ id: string }>('/creators', {
    username: `closing_${Date.now().toString(36)}`,
    properties: {},
  });
  await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
  const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
    creator_id: creator.id,
    task_id: campaign.tasks[0]!.id,
    media_type: 'video',
    media_url: 'https://cdn.example.com/closing.mp4',
  });

  const page = await browser.newPage();
  await signIn(page, DEMO.brandKey);
  await openQueue(page);
  await page.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: name });
  const region = page.getByRole('region', { name: 'Current submission' });
  await expect(region).toHaveAttribute('data-submission-id', submission.id);
  await page.keyboard.press('a');
  await expect(page.getByRole('button', { name: /Undo/ })).toBeVisible();
  // Closed well within the 4 s undo window: only the send on `pagehide` (keepalive) can land it.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(
      async () =>
        (
          await get(
            request,
            DEMO.brandKey,
            `/campaigns/${campaign.id}/submissions/${submission.id}`,
          )
        ).status,
      { timeout: 10_000 },
    )
    .toBe('approved');
});
