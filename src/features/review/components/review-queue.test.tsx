import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { realService } from '#testing/service';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { tag } from '#test/world';
import { reviewScreenTests, reviewWorld, submitTo } from '../test/review-world';
import { review } from '../use-decisions';
import { TOO_SOON } from './decision-bar';

configure({ asyncUtilTimeout: 5000 });

const service = realService();

const { region, currentCreator, decisionPosts } = reviewScreenTests(service, {
  undoWindowMs: 50,
});

/**
 * jsdom has no media playback: the elements' play state, position and length are kept here, so
 * a test sees what the page asked the browser's player to do.
 */
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

async function openQueue() {
  const world = await reviewWorld(service);
  renderApp(paths.review.href(world.team.brand.id), world.team.key);
  await screen.findByText('4 submissions waiting for you', {}, { timeout: 8000 });
  const video = (name: string) =>
    within(region()).getByLabelText(`Video by ${name}`) as HTMLVideoElement;
  return { ...world, video };
}

describe('the review queue from the keyboard', { timeout: 30_000 }, () => {
  it('plays and pauses the video with Space, which never scrolls the page', async () => {
    const media = stubPlayback();
    const { names, video } = await openQueue();
    const shown = video(names.ana);
    // Nothing focused yet (the page itself): Space would scroll it.
    expect(fireEvent.keyDown(document.body, { key: ' ' })).toBe(false);
    expect(media.playing.has(shown)).toBe(true);
    expect(fireEvent.keyDown(region(), { key: ' ' })).toBe(false);
    expect(media.playing.has(shown)).toBe(false);
    // With the player itself focused, Space is handled once (its own key handling is prevented).
    shown.focus();
    expect(fireEvent.keyDown(shown, { key: ' ' })).toBe(false);
    expect(media.playing.has(shown)).toBe(true);
    // Its release too: the browser's player toggles on it (it would pause again).
    expect(fireEvent.keyUp(shown, { key: ' ' })).toBe(false);
    // A key not handled here keeps its release.
    expect(fireEvent.keyUp(shown, { key: 'Enter' })).toBe(true);
    // The hidden next video, loading ahead, never plays.
    expect(media.playing.has(video(names.ben))).toBe(false);
  });

  it('decides from the keyboard only what has been on screen for a moment, never on a held key', async () => {
    // Longer than the app's moment, so that a loaded machine cannot make 250 ms look long.
    review.lookFirstMs = 3000;
    const { names } = await openQueue();
    const user = userEvent.setup();
    await waitFor(() => expect(region()).toHaveAttribute('data-decision-keys', 'ready'), {
      timeout: 8000,
    });
    await user.keyboard('a');
    expect(currentCreator()).toBe(`@${names.ben}`);
    expect(region()).toHaveAttribute('data-decision-keys', 'waiting');
    // R at once does not open the feedback box, and a second A 250 ms later does not decide:
    // @ben was not on screen long enough. The screen says why.
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await user.keyboard('a');
    expect(currentCreator()).toBe(`@${names.ben}`);
    expect(within(region()).getByText(TOO_SOON)).toBeInTheDocument();
    // Once it has been on screen for the moment, the keys decide; a held key's repeats do not.
    await waitFor(() => expect(region()).toHaveAttribute('data-decision-keys', 'ready'), {
      timeout: 8000,
    });
    expect(fireEvent.keyDown(document.body, { key: 'a', repeat: true })).toBe(false);
    expect(currentCreator()).toBe(`@${names.ben}`);
    await user.keyboard('a');
    expect(currentCreator()).toBe(`@${names.cy}`);
    // Only @ana's and @ben's approvals went out.
    await waitFor(() => expect(decisionPosts()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(decisionPosts()).toHaveLength(2);
  });

  it('seeks five seconds with the arrow keys, within the video, and mutes with M', async () => {
    const media = stubPlayback();
    const { names, video } = await openQueue();
    const user = userEvent.setup();
    const shown = video(names.ana);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(media.times.get(shown)).toBe(10);
    await user.keyboard('{ArrowRight}');
    expect(media.times.get(shown)).toBe(12);
    await user.keyboard('{ArrowLeft}');
    expect(media.times.get(shown)).toBe(7);
    expect(fireEvent.keyDown(region(), { key: 'ArrowLeft' })).toBe(false);
    expect(media.times.get(shown)).toBe(2);
    await user.keyboard('{ArrowLeft}');
    expect(media.times.get(shown)).toBe(0);
    expect(shown.muted).toBe(false);
    await user.keyboard('m');
    expect(shown.muted).toBe(true);
    await user.keyboard('M');
    expect(shown.muted).toBe(false);
  });

  it('pauses the video that goes back to loading ahead, and plays the one now shown', async () => {
    const media = stubPlayback();
    const { names, video } = await openQueue();
    const user = userEvent.setup();
    await user.keyboard('j ');
    expect(currentCreator()).toBe(`@${names.ben}`);
    expect(media.playing.has(video(names.ben))).toBe(true);
    // Back to the first: the second stays in the page, hidden, as the next one, and silent.
    await user.keyboard('k');
    expect(currentCreator()).toBe(`@${names.ana}`);
    const ben = video(names.ben);
    expect(ben.closest('[hidden]')).not.toBeNull();
    await waitFor(() => expect(media.playing.has(ben)).toBe(false));
    await user.keyboard(' ');
    expect(media.playing.has(video(names.ana))).toBe(true);
  });

  it('leaves Space to a focused button, and every shortcut to a field being typed in', async () => {
    const media = stubPlayback();
    const { names } = await openQueue();
    const next = within(region()).getByRole('button', { name: /^Next/ });
    next.focus();
    // The button's own Space press is not taken over (and does not play the video).
    expect(fireEvent.keyDown(next, { key: ' ' })).toBe(true);
    expect(media.playing.size).toBe(0);
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    campaign.focus();
    expect(fireEvent.keyDown(campaign, { key: 'j' })).toBe(true);
    expect(fireEvent.keyDown(campaign, { key: ' ' })).toBe(true);
    expect(currentCreator()).toBe(`@${names.ana}`);
    expect(media.playing.size).toBe(0);
  });

  it('lists every key in the ? sheet, with Request changes for R, and returns to the queue', async () => {
    await openQueue();
    const user = userEvent.setup();
    region().focus();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(sheet)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Space Play or pause the video',
      '← Back 5 seconds; the previous slide of a carousel',
      '→ Forward 5 seconds; the next slide of a carousel',
      'M Mute or unmute',
      'N Add a note at this moment of the video, or on this slide',
      'J Next submission',
      'K Previous submission',
      '? Show these shortcuts',
      'A Approve',
      'R Request changes, with feedback to the creator',
      'U Undo the last decision (for a few seconds, until it is sent)',
    ]);
    // Keys do nothing behind the open sheet.
    await user.keyboard('a');
    expect(screen.getByText('4 submissions waiting for you')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(region()).toHaveFocus();
  });

  it('names the decision buttons for what they do and gives their keys', async () => {
    await openQueue();
    const approve = within(region()).getByRole('button', { name: 'Approve' });
    const change = within(region()).getByRole('button', { name: 'Request changes' });
    expect(approve).toHaveAttribute('aria-keyshortcuts', 'A');
    expect(change).toHaveAttribute('aria-keyshortcuts', 'R');
    expect(within(region()).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(change);
    expect(await screen.findByRole('dialog', { name: 'Request changes' })).toBeInTheDocument();
  });

  it('keeps the next item’s media loading, hidden, and shows that same element after a decision', async () => {
    const world = await reviewWorld(service);
    const carousel = await submitTo(service, world.team, world.spring, `fay_${tag()}`, {
      media_type: 'carousel',
      media_url: 'https://cdn.example.com/fay.jpg',
    });
    renderApp(paths.review.href(world.team.brand.id), world.team.key);
    await screen.findByText('5 submissions waiting for you', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.keyboard('jj');
    expect(currentCreator()).toBe(`@${world.names.cy}`);
    const next = within(region()).getByLabelText(`Video by ${world.names.dee}`);
    expect(next).toHaveAttribute('preload', 'auto');
    expect(next.closest('[hidden]')).not.toBeNull();
    expect(
      within(region()).getByLabelText(`Video by ${world.names.cy}`).closest('[hidden]'),
    ).toBeNull();

    await user.keyboard('a');

    expect(currentCreator()).toBe(`@${world.names.dee}`);
    // The very element that was loading is now the one shown.
    expect(within(region()).getByLabelText(`Video by ${world.names.dee}`)).toBe(next);
    expect(next.closest('[hidden]')).toBeNull();
    expect(
      within(region()).getByAltText(`Carousel by ${carousel.creator_username}`).closest('[hidden]'),
    ).not.toBeNull();
  });
});
