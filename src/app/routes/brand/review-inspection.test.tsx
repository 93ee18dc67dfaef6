import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mediaInspection } from '#testing/inspection';
import { realService } from '#testing/service';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { reviewScreenTests, submissionNow, submitTo } from '#features/review/test/review-world';
import { renderApp } from '#test/app';
import { tag } from '#test/world';

// Media inspection seen from the review screen, on the real service with its inspection worker:
// a submission being inspected cannot be decided; its checks and warnings show once it is done;
// media that cannot be played lands in the Failed view with its reason.

configure({ asyncUtilTimeout: 10_000 });

const service = realService({ deps: { deps: { inspectMedia: true } } });
const inspection = mediaInspection(service);

const { region, decisionPosts } = reviewScreenTests(service, { undoWindowMs: 50 });

/** A brand with a live campaign whose one task is a TikTok story (vertical video wanted). */
async function storyWorld() {
  const team = await service.world.brandTeam({ name: `Story ${tag()}` });
  const campaign = await service.world.campaign(team, 'active', {
    name: 'Story launch',
    tasks: [
      {
        title: 'Story unboxing',
        instructions: 'Open the box.',
        platforms: ['tiktok'],
        formats: ['story_video'],
      },
    ],
  });
  return { team, campaign };
}

describe('inspection on the review screen', { timeout: 40_000 }, () => {
  it('holds the decision while the media is inspected, then shows the checks and a warning, and the decision goes through', async () => {
    const { team, campaign } = await storyWorld();
    const name = `wide_${tag()}`;
    const submission = await submitTo(service, team, campaign, name, {
      media_url: inspection.sample('landscape.mp4'),
    });
    renderApp(paths.review.href(team.brand.id), team.key);
    await screen.findByText('1 submission waiting for you');
    expect(
      within(region()).getByText('Inspecting the media… It can be decided once the checks are in.'),
    ).toBeInTheDocument();
    expect(within(region()).getByRole('button', { name: /Approve/ })).toBeDisabled();
    expect(within(region()).getByRole('button', { name: /Request changes/ })).toBeDisabled();
    const user = userEvent.setup();
    await user.keyboard('a');
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisionPosts()).toEqual([]);

    expect(await inspection.drain()).toBeGreaterThanOrEqual(1);
    // The job's update reaches the open screen (live events).
    expect(await within(region()).findByText(/story_video wants vertical/)).toBeInTheDocument();
    expect(within(region()).getAllByText('1 warning').length).toBeGreaterThan(0);
    expect(within(region()).getByText('Orientation')).toBeInTheDocument();
    expect(within(region()).getByRole('button', { name: /Approve/ })).toBeEnabled();
    await user.keyboard('a');
    expect(await screen.findByText(`Approved @${name}.`)).toBeInTheDocument();
    expect((await submissionNow(service, team, campaign, submission)).status).toBe('approved');
  });

  it('media that cannot be played is failed by inspection and found in the Failed view with its reason', async () => {
    const { team, campaign } = await storyWorld();
    const name = `broken_${tag()}`;
    await submitTo(service, team, campaign, name, { media_url: inspection.sample('broken.mp4') });
    renderApp(`${paths.review.href(team.brand.id)}?view=failed`, team.key);
    expect(await screen.findByText('No failed submissions')).toBeInTheDocument();
    await inspection.drain();
    const failed = await screen.findByRole('article', { name: `@${name}’s failed submission` });
    // Fetched (not a 404): the file itself cannot be played.
    expect(failed).toHaveTextContent(
      'Failed. Playable check failed: the video file is incomplete or damaged and cannot be played',
    );
    expect(screen.getByRole('tab', { name: /^Failed/ })).toHaveAccessibleName('Failed 1');
    expect(screen.getByRole('tab', { name: /^Waiting/ })).toHaveAccessibleName('Waiting for you 0');
  });
});
