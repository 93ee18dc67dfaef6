import type { APIRequestContext, Locator } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, uniqueName } from './support/fixtures.ts';
import { expectAboveDecisionBar, expectPlaying } from './support/ui.ts';

// Section 14 on the review screen (docs/decisions/0153, 0154): every slide of a carousel, notes at
// a moment of a video sent with Request changes, and a revision beside the version sent back,
// worked at a laptop's size with the keyboard alone and at a phone's with taps.

type Ops = { post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> };
type Submission = { id: string; status: string; notes: { text: string; at_s: number | null }[] };

const auth = { Authorization: `Bearer ${DEMO.brandKey}` };

/** A live campaign with, oldest first: a carousel of four slides, a video, and a revision. */
async function contentWorld(request: APIRequestContext, ops: Ops, baseURL: string, name: string) {
  const created = await request.post('/2026-07/campaigns', {
    headers: auth,
    data: {
      name,
      tasks: [{ title: 'Routine', instructions: 'Show the routine.', platforms: ['instagram'] }],
    },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string; tasks: { id: string }[] };
  expect(
    (await request.post(`/2026-07/campaigns/${campaign.id}/publish`, { headers: auth })).ok(),
  ).toBe(true);
  await ops.post(`/campaigns/${campaign.id}/review`, { decision: 'approved' });
  const send = async (prefix: string, items: { type: 'video' | 'image'; url: string }[]) => {
    const username = `${prefix}_${Date.now().toString(36)}`;
    const creator = await ops.post<{ id: string }>('/creators', { username, properties: {} });
    await ops.post(`/campaigns/${campaign.id}/applications`, { creator_id: creator.id });
    const submission = await ops.post<{ id: string }>(`/campaigns/${campaign.id}/submissions`, {
      creator_id: creator.id,
      task_id: campaign.tasks[0]!.id,
      media_type: items.length > 1 ? 'carousel' : 'video',
      media_items: items,
    });
    return { id: submission.id, username };
  };
  const carousel = await send(
    'slides',
    [1, 2, 3, 4].map((n) => ({ type: 'image' as const, url: `${baseURL}/samples/slide-${n}.svg` })),
  );
  const video = await send('moment', [{ type: 'video', url: `${baseURL}/samples/clip-1.mp4` }]);
  const revised = await send('again', [{ type: 'video', url: `${baseURL}/samples/clip-2.mp4` }]);
  // The first version is sent back with a note at 0:01 once inspected, then revised.
  await expect
    .poll(
      async () => {
        const res = await request.post(
          `/2026-07/campaigns/${campaign.id}/submissions/${revised.id}/reject`,
          { headers: auth, data: { notes: [{ text: 'Show the label', at_s: 1, item: 0 }] } },
        );
        return res.status();
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  await ops.post(`/submissions/${revised.id}/revise`, {
    media_items: [{ type: 'video', url: `${baseURL}/samples/clip-3.mp4` }],
  });
  return { id: campaign.id, carousel, video, revised };
}

async function submissionOf(request: APIRequestContext, campaignId: string, id: string) {
  const res = await request.get(`/2026-07/campaigns/${campaignId}/submissions/${id}`, {
    headers: auth,
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Submission;
}

for (const size of [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a reviewer steps through every slide, notes a moment and compares a revision with the version sent back', async ({
      page,
      request,
      ops,
      baseURL,
    }) => {
      test.slow();
      const name = uniqueName('Slides and notes');
      const world = await contentWorld(request, ops, baseURL!, name);
      const { phone } = size;
      // On a laptop the keyboard alone, on a phone taps alone.
      const act = async (key: string, control: Locator) => {
        if (phone) await control.click();
        else await page.keyboard.press(key);
      };

      await signIn(page, DEMO.brandKey);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Review queue/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
      const region = page.getByRole('region', { name: 'Current submission' });
      // Only this journey's campaign (the filters fold away on a phone: open them, then fold).
      const toggle = page.getByRole('button', { name: /^Filters/ });
      if (phone) await toggle.click();
      await page.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: name });
      await expect(
        page.getByRole('status').filter({ hasText: /^3 submissions waiting/ }),
      ).toBeVisible();
      if (phone) await toggle.click();

      // 1. The carousel: four slides, stepped one by one.
      await expect(region).toHaveAttribute('data-submission-id', world.carousel.id);
      const slides = region.getByRole('group', { name: 'Slides' });
      await expect(slides.getByText('Slide 1 of 4')).toBeVisible();
      const image = region.getByRole('img', { name: /slide 1 of 4/ });
      await expectAboveDecisionBar(page, region, image, phone);
      await expectAboveDecisionBar(page, region, slides, phone);
      await expectAccessible(page, 'a carousel in the queue');
      for (const n of [2, 3, 4]) {
        await act('ArrowRight', slides.getByRole('button', { name: 'Next slide' }));
        await expect(slides.getByText(`Slide ${n} of 4`)).toBeVisible();
        await expect(
          region.getByRole('img', { name: new RegExp(`slide ${n} of 4`) }),
        ).toBeVisible();
      }
      await expect(slides.getByRole('button', { name: 'Next slide' })).toBeDisabled();
      await expect(region).toHaveAttribute('data-decision-keys', 'ready');
      await act('a', region.getByRole('button', { name: 'Approve' }));

      // 2. The video: a note at a moment, marked on the timeline, sent with Request changes.
      await expect(region).toHaveAttribute('data-submission-id', world.video.id);
      const video = region.locator('video:visible');
      await expectAboveDecisionBar(page, region, video, phone);
      if (phone) await video.click();
      else await page.keyboard.press(' ');
      await expectPlaying(page);
      await act('n', region.getByRole('button', { name: 'Add note' }));
      const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
      await expect(noteDialog).toBeVisible();
      await expect(noteDialog.getByText(/^\d:\d\d: what to change there/)).toBeVisible();
      await expectAccessible(page, 'the note box');
      await page.keyboard.type('The label is hidden');
      await act('Enter', noteDialog.getByRole('button', { name: 'Add note' }));
      await expect(noteDialog).toBeHidden();
      const marker = region.getByRole('button', { name: /^Note at \d:\d\d: The label is hidden$/ });
      await expect(marker).toBeInViewport();
      await marker.click();
      await expect(region.getByRole('region', { name: 'Your notes' })).toContainText(
        'The label is hidden',
      );
      await expect(region).toHaveAttribute('data-decision-keys', 'ready');
      await act('r', region.getByRole('button', { name: 'Request changes' }));
      const box = page.getByRole('dialog', { name: 'Request changes' });
      await expect(box.getByText(/Your note goes with it/)).toBeVisible();
      await act('Enter', box.getByRole('button', { name: 'Request changes' }));
      await expect(box).toBeHidden();

      // 3. The revision, beside the version sent back (toggled on a phone), with the checklist.
      await expect(region).toHaveAttribute('data-submission-id', world.revised.id);
      const current = region.getByLabel(`Video by ${world.revised.username}`);
      const last = region.getByLabel(`Last version by ${world.revised.username}`);
      await expect(last).toBeAttached();
      await expectAboveDecisionBar(page, region, current, phone);
      if (phone) {
        await expect(last).toBeHidden();
        await region.getByRole('button', { name: 'Last version', exact: true }).click();
        await expectAboveDecisionBar(page, region, last, phone);
        await expect(current).toBeHidden();
        // The last version's timeline marks the note it was sent back with.
        await expect(
          region.getByRole('button', { name: 'Note at 0:01: Show the label' }),
        ).toBeVisible();
        await region.getByRole('button', { name: 'This version', exact: true }).click();
      } else {
        await expectAboveDecisionBar(page, region, last, phone);
        await expect(
          region.getByRole('button', { name: 'Note at 0:01: Show the label' }),
        ).toBeVisible();
      }
      const checklist = region.getByRole('region', { name: 'Asked last time' });
      await checklist.scrollIntoViewIfNeeded();
      await checklist.getByRole('checkbox', { name: 'Show the label' }).check();
      await expect(checklist).toContainText('1 of 1 checked');
      await expectAccessible(page, 'a revision beside the last version');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(region).toHaveAttribute('data-decision-keys', 'ready');
      if (phone) await region.getByRole('button', { name: 'Approve' }).click();
      else {
        await region.focus();
        await page.keyboard.press('a');
      }
      await expect(region.getByText('Nothing waiting')).toBeVisible();

      // The note reached the service with its moment.
      await expect
        .poll(async () => (await submissionOf(request, world.id, world.video.id)).status, {
          timeout: 15_000,
        })
        .toBe('rejected');
      const sent = await submissionOf(request, world.id, world.video.id);
      expect(sent.notes).toHaveLength(1);
      expect(sent.notes[0]!.text).toBe('The label is hidden');
      expect(sent.notes[0]!.at_s).toBeGreaterThan(0);
    });
  });
}
