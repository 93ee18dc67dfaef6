import { screen, within } from '@testing-library/react';
import type { Campaign } from '#contract/campaigns';
import type { Submission } from '#contract/submissions';
import { tag } from '#test/world';
import type { RealService, Team } from '#testing/service';
import { afterEach, beforeEach } from 'vitest';
import { review } from '../use-decisions';

/** The app's own decision timings, as they were when the tests started. */
const APP_TIMINGS = { ...review };

/**
 * Gives every test of the file these decision timings (say, a short undo window so decisions go
 * out at once), and puts the app's own back after each test, including any a test set itself.
 */
export function decisionTimingsForEachTest(timings: Partial<typeof review>) {
  beforeEach(() => {
    Object.assign(review, timings);
  });
  afterEach(() => {
    Object.assign(review, APP_TIMINGS);
  });
}

/**
 * Sets up a file of tests of the review screen: gives each test the decision `timings`, and
 * returns what the tests read of the screen and of the decisions it sent to `service`. The
 * decision keys count at once unless `timings` says otherwise (`lookFirstMs`): the tests of that
 * wait set it themselves.
 */
export function reviewScreenTests(service: RealService, timings: Partial<typeof review>) {
  decisionTimingsForEachTest({ lookFirstMs: 0, ...timings });
  const region = () => screen.getByRole('region', { name: 'Current submission' });
  return {
    region,
    /** The creator of the submission on screen, as `@username`. */
    currentCreator: () => within(region()).getByText(/^@\w+$/).textContent,
    /** The approvals and rejections sent, in order. */
    decisionPosts: () =>
      service.requests.filter((r) => r.method === 'POST' && /\/(approve|reject)$/.test(r.path)),
  };
}

/** A creator's submission to the campaign's first task, made through /ops as the platform does. */
export async function submitTo(
  service: RealService,
  team: Team,
  campaign: Campaign,
  username: string,
  media: { media_type?: 'video' | 'carousel'; media_url?: string } = {},
): Promise<Submission> {
  const creator = await service.world.approvedCreator(team, campaign, { username });
  return service.world.ops<Submission>('POST', `/ops/campaigns/${campaign.id}/submissions`, {
    creator_id: creator.id,
    task_id: campaign.tasks![0]!.id,
    media_type: media.media_type ?? 'video',
    media_url: media.media_url ?? `https://cdn.example.com/${username}.mp4`,
  });
}

/**
 * A brand whose queue holds, oldest first: @ana (Spring launch, a TikTok task with a caption),
 * @ben and @cy (Summer glow, an Instagram task, paused after they sent), and @dee's revision
 * (Spring launch, sent back with "Show the label.").
 */
export async function reviewWorld(service: RealService) {
  const t = tag();
  const names = { ana: `ana_${t}`, ben: `ben_${t}`, cy: `cy_${t}`, dee: `dee_${t}` };
  const team = await service.world.brandTeam({ name: `Glow ${t}` });
  const spring = await service.world.campaign(team, 'active', {
    name: 'Spring launch',
    tasks: [
      {
        title: 'Unboxing',
        instructions: 'Open the box on camera.',
        platforms: ['tiktok'],
        caption: 'My glow routine #ad',
      },
    ],
  });
  const summer = await service.world.campaign(team, 'active', {
    name: 'Summer glow',
    tasks: [{ title: 'Tutorial', instructions: 'Show the routine.', platforms: ['instagram'] }],
  });

  const first = await submitTo(service, team, spring, names.dee);
  await service.world.api(team, 'POST', `/campaigns/${spring.id}/submissions/${first.id}/reject`, {
    feedback: 'Show the label.',
  });
  const ana = await submitTo(service, team, spring, names.ana);
  const ben = await submitTo(service, team, summer, names.ben);
  const cy = await submitTo(service, team, summer, names.cy);
  await service.world.api(team, 'POST', `/campaigns/${summer.id}/pause`);
  const dee = await service.world.ops<Submission>('POST', `/ops/submissions/${first.id}/revise`, {
    media_url: `https://cdn.example.com/${names.dee}-2.mp4`,
  });
  return { team, spring, summer, names, submissions: { ana, ben, cy, dee } };
}

/** The submission as the service has it now. */
export function submissionNow(
  service: RealService,
  team: Team,
  campaign: Campaign,
  submission: Submission,
): Promise<Submission> {
  return service.world.api<Submission>(
    team,
    'GET',
    `/campaigns/${campaign.id}/submissions/${submission.id}`,
  );
}
