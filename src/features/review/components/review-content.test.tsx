import { fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Submission } from '#contract/submissions';
import { realService } from '#testing/service';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { tag } from '#test/world';
import { reviewScreenTests, submissionNow } from '../test/review-world';

configure({ asyncUtilTimeout: 5000 });

const service = realService();

const { region, currentCreator, decisionPosts } = reviewScreenTests(service, {
  undoWindowMs: 50,
});

/** jsdom plays nothing: the position asked of each video is kept here (as in review-queue.test). */
function stubPlayback() {
  const playing = new Set<HTMLMediaElement>();
  const times = new Map<HTMLMediaElement, number>();
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    return Promise.resolve();
  });
  vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this);
  });
  vi.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return times.get(this) ?? 0;
  });
  vi.spyOn(proto, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    times.set(this, value);
  });
  vi.spyOn(proto, 'duration', 'get').mockReturnValue(12);
  return { playing, times };
}

/** A brand with one live campaign whose first task takes videos and carousels. */
async function contentWorld() {
  const t = tag();
  const team = await service.world.brandTeam({ name: `Content ${t}` });
  const campaign = await service.world.campaign(team, 'active', {
    name: 'Slides and notes',
    tasks: [{ title: 'Routine', instructions: 'Show the routine.', platforms: ['instagram'] }],
  });
  const send = async (username: string, items: { type: 'video' | 'image'; url: string }[]) => {
    const creator = await service.world.approvedCreator(team, campaign, { username });
    return service.world.ops<Submission>('POST', `/ops/campaigns/${campaign.id}/submissions`, {
      creator_id: creator.id,
      task_id: campaign.tasks![0]!.id,
      media_type: items.length > 1 ? 'carousel' : 'video',
      media_items: items,
    });
  };
  return { t, team, campaign, send };
}

describe(
  'the content itself on the review screen (docs/api.md#media-items-and-notes)',
  { timeout: 60_000 },
  () => {
    it('steps a carousel slide by slide with the arrows and its own controls', async () => {
      const { t, team, send } = await contentWorld();
      const lu = `lu_${t}`;
      await send(
        lu,
        [1, 2, 3].map((n) => ({
          type: 'image' as const,
          url: `https://cdn.example.com/${lu}-${n}.jpg`,
        })),
      );
      renderApp(paths.review.href(team.brand.id), team.key);
      await screen.findByText('1 submission waiting for you', {}, { timeout: 20_000 });
      expect(currentCreator()).toBe(`@${lu}`);
      expect(within(region()).getByText('Slide 1 of 3')).toBeInTheDocument();
      expect(within(region()).getByAltText(`Carousel by ${lu}, slide 1 of 3`)).toBeInTheDocument();
      const previous = within(region()).getByRole('button', { name: 'Previous slide' });
      expect(previous).toBeDisabled();
      const user = userEvent.setup();
      await user.keyboard('{ArrowRight}');
      expect(within(region()).getByText('Slide 2 of 3')).toBeInTheDocument();
      expect(within(region()).getByAltText(`Carousel by ${lu}, slide 2 of 3`)).toBeInTheDocument();
      await user.click(within(region()).getByRole('button', { name: 'Next slide' }));
      expect(within(region()).getByText('Slide 3 of 3')).toBeInTheDocument();
      expect(within(region()).getByRole('button', { name: 'Next slide' })).toBeDisabled();
      // The last slide stays (no wrap around), ← goes back.
      await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowLeft}');
      expect(within(region()).getByText('Slide 1 of 3')).toBeInTheDocument();
    });

    it('notes a moment of the video with N, marks it on the timeline and sends it with Request changes', async () => {
      const media = stubPlayback();
      const { t, team, campaign, send } = await contentWorld();
      const vi_ = `vid_${t}`;
      const submission = await send(vi_, [
        { type: 'video', url: `https://cdn.example.com/${vi_}.mp4` },
      ]);
      renderApp(paths.review.href(team.brand.id), team.key);
      await screen.findByText('1 submission waiting for you', {}, { timeout: 20_000 });
      const video = within(region()).getByLabelText(`Video by ${vi_}`) as HTMLVideoElement;
      video.currentTime = 7.25;
      const user = userEvent.setup();
      await user.keyboard('n');
      const dialog = await screen.findByRole('dialog', { name: 'Add a note' });
      expect(dialog).toHaveTextContent('0:07');
      // Keys do nothing behind it.
      await user.keyboard('label hidden{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const notes = within(region()).getByRole('region', { name: 'Your notes' });
      expect(notes).toHaveTextContent('0:07');
      expect(notes).toHaveTextContent('label hidden');
      // The marker on the timeline seeks to the moment.
      video.currentTime = 1;
      await user.click(
        within(region()).getByRole('button', { name: 'Note at 0:07: label hidden' }),
      );
      expect(media.times.get(video)).toBe(7.2);

      await user.keyboard('r');
      const box = await screen.findByRole('dialog', { name: 'Request changes' });
      expect(box).toHaveTextContent('Your note goes with it.');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(decisionPosts()).toHaveLength(1));
      expect(JSON.parse(decisionPosts()[0]!.body!)).toEqual({
        notes: [{ text: 'label hidden', item: 0, at_s: 7.2 }],
      });
      await waitFor(async () => {
        const now = await submissionNow(service, team, campaign, submission);
        expect(now.status).toBe('rejected');
        expect(now.notes).toEqual([{ text: 'label hidden', item: 0, at_s: 7.2 }]);
      });
    });

    it('shows a revision beside the version sent back, with last round’s notes as a checklist', async () => {
      const media = stubPlayback();
      const { t, team, campaign, send } = await contentWorld();
      const re = `re_${t}`;
      const first = await send(re, [{ type: 'video', url: `https://cdn.example.com/${re}-1.mp4` }]);
      await service.world.api(
        team,
        'POST',
        `/campaigns/${campaign.id}/submissions/${first.id}/reject`,
        { notes: [{ text: 'Show the label', at_s: 3, item: 0 }] },
      );
      await service.world.ops('POST', `/ops/submissions/${first.id}/revise`, {
        media_items: [{ type: 'video', url: `https://cdn.example.com/${re}-2.mp4` }],
      });
      renderApp(paths.review.href(team.brand.id), team.key);
      await screen.findByText('1 submission waiting for you', {}, { timeout: 20_000 });
      const last = (await within(region()).findByLabelText(
        `Last version by ${re}`,
      )) as HTMLVideoElement;
      expect(last).toHaveAttribute('src', `https://cdn.example.com/${re}-1.mp4`);
      expect(within(region()).getByLabelText(`Video by ${re}`)).toHaveAttribute(
        'src',
        `https://cdn.example.com/${re}-2.mp4`,
      );
      // Its timeline marks the note it was sent back with.
      expect(
        within(region()).getByRole('button', { name: 'Note at 0:03: Show the label' }),
      ).toBeInTheDocument();
      const checklist = within(region()).getByRole('region', { name: 'Asked last time' });
      expect(checklist).toHaveTextContent('Asked last time: 0 of 1 checked');
      const user = userEvent.setup();
      await user.click(within(checklist).getByRole('checkbox', { name: 'Show the label' }));
      expect(checklist).toHaveTextContent('Asked last time: 1 of 1 checked');
      await user.click(
        within(checklist).getByRole('button', { name: 'Show 0:03 in the last version' }),
      );
      expect(last.currentTime).toBe(3);
      // Space on the focused last version plays that one, not the revision.
      last.focus();
      expect(fireEvent.keyDown(last, { key: ' ' })).toBe(false);
      expect(media.playing.has(last)).toBe(true);
      expect(media.playing.size).toBe(1);
    });
  },
);
