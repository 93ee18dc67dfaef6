import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import type { Campaign, CampaignCreate } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { beforeEach, describe, expect, it } from 'vitest';
import { allOf } from '#components/targeting/test-fixtures';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';
import { stubResizeObserver } from '#test/dom';
import { realService, type Team } from '#testing/service';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const service = realService();

beforeEach(stubResizeObserver);

const page = (campaign: Campaign) => paths.campaign.href(campaign.brand_id, campaign.id);
const tag = () => Math.random().toString(16).slice(2, 8).toUpperCase();

/** A brand named Glow Lab (names need not be unique; ids are). */
const glowLab = () => service.world.brandTeam({ name: 'Glow Lab' });

/** Everything a campaign can say, with an Unboxing task and an archived Story task. */
function fullBody(overrides: Partial<CampaignCreate> = {}): CampaignCreate {
  return {
    name: 'Summer glow',
    visibility: 'unlisted',
    invite_code: `GLOW-${tag()}`,
    description: 'Show the serum in your morning routine.',
    instructions: 'Natural light.\nNo filters.',
    brief_url: 'https://example.com/brief.pdf',
    icon_url: 'https://cdn.example.com/icon.png',
    video_examples: ['https://example.com/v/1'],
    links: [
      {
        url: 'https://shop.example.com/serum',
        service: 'shop',
        description: 'Serum in the shop',
        affiliate_code: 'GLOW10',
      },
    ],
    product: {
      name: 'Glow serum',
      url: 'https://shop.example.com/serum',
      image_url: 'https://cdn.example.com/serum.png',
    },
    targeting: allOf(
      { property: 'prop_country', operator: 'IN', values: ['c_us', 'c_ca'] },
      { property: 'prop_age', operator: 'IN', values: ['18-34'] },
    ),
    content_deadline_date: '2027-07-01',
    post_deadline_date: '2027-07-15',
    settings: {
      creator_approval_required: true,
      brand_approval_required: false,
      post_approval_mode: 'always',
      completion_mode: 'pick_one',
    },
    tasks: [
      {
        title: 'Unboxing',
        instructions: 'Film the unboxing.',
        platforms: ['tiktok', 'youtube'],
        formats: ['feed_video', 'feed_video_ugc'],
        caption: 'My morning glow #ad',
        tiktok_sound_url: 'https://tiktok.example.com/sound/1',
        video_examples: ['https://example.com/v/2'],
        image_url: 'https://cdn.example.com/cover.png',
        review_mode: 'autoreview',
        autoreview_prompt: 'The serum bottle is visible.',
        max_posts_per_creator: 3,
      },
      {
        title: 'Story',
        instructions: 'Film a story.',
        platforms: ['instagram'],
        formats: ['story_video'],
      },
    ],
    ...overrides,
  } as CampaignCreate;
}

/**
 * The full campaign of `team`, made as a draft (its Story task archived) and brought to `status`
 * through the real transitions.
 */
async function fullCampaign(
  team: Team,
  status: CampaignStatus = 'draft',
  overrides: Partial<CampaignCreate> = {},
): Promise<Campaign> {
  const { world } = service;
  const campaign = await world.campaign(team, 'draft', fullBody(overrides));
  const story = campaign.tasks?.find((t) => t.title === 'Story');
  if (story) await world.api(team, 'POST', `/campaigns/${campaign.id}/tasks/${story.id}/archive`);
  await world.moveTo(team, campaign.id, status);
  return world.api<Campaign>(team, 'GET', `/campaigns/${campaign.id}`);
}

/** Glow Lab's full campaign in `status`, its page open in the app. */
async function openFullCampaign(
  status: CampaignStatus = 'draft',
  overrides: Partial<CampaignCreate> = {},
) {
  const team = await glowLab();
  const campaign = await fullCampaign(team, status, overrides);
  return { team, campaign, ...renderApp(page(campaign), team.key) };
}

/** Presses Publish, checks the confirmation says what waiting for approval means, and confirms. */
async function publishAndConfirm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Publish' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Publish “Summer glow”?' });
  expect(dialog).toHaveAccessibleDescription(
    expect.stringContaining('While it waits it is locked'),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
}

const actionNames = () =>
  ['Publish', 'Pause', 'Resume', 'Edit', 'Delete draft'].filter(
    (name) =>
      screen.queryByRole('button', { name }) !== null ||
      screen.queryByRole('link', { name }) !== null,
  );

describe('campaign page', { timeout: 30_000 }, () => {
  it('shows the overview: brief, product, links, settings, who can join, schedule, visibility', async () => {
    const team = await glowLab();
    // Active, so that a creator could be paid: $4,200.00 spent.
    const campaign = await fullCampaign(team, 'active');
    const paid = await service.world.approvedCreator(team, campaign);
    await service.world.ops('POST', '/ops/payouts', {
      campaign_id: campaign.id,
      creator_id: paid.id,
      amount_cents: 4200_00,
    });
    renderApp(page(campaign), team.key);

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer glow' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Summer glow · Glow Lab · Campaign Console'));
    expect(screen.getByText('Show the serum in your morning routine.')).toBeVisible();
    const brief = screen.getByRole('link', { name: /brief\.pdf/ });
    expect(brief).toHaveAttribute('href', 'https://example.com/brief.pdf');
    expect(brief).toHaveAttribute('target', '_blank');
    expect(brief).toHaveAttribute('rel', 'noopener noreferrer');
    expect(brief).toHaveAccessibleName('https://example.com/brief.pdf (opens in a new tab)');
    expect(screen.getByRole('img', { name: 'Glow serum' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/serum.png',
    );
    expect(screen.getByRole('img', { name: 'Campaign icon' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Serum in the shop (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://shop.example.com/serum');
    expect(screen.getByText('Service: shop')).toBeVisible();
    expect(screen.getByText('GLOW10')).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'https://example.com/v/1 (opens in a new tab)' }),
    ).toBeVisible();

    expect(screen.getByText('Creators must be approved before they start work.')).toBeVisible();
    expect(screen.getByText('Always approve')).toBeVisible();
    expect(
      screen.getByText(
        'Playable media is approved on arrival without manual review; unplayable media fails.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Exactly one task')).toBeVisible();
    expect(screen.getByText('Creators commit to exactly one task.')).toBeVisible();

    expect(
      await screen.findByText(
        'Creators where Country is United States or Canada and Age (years) is between 18 and 34.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Jul 1, 2027')).toBeVisible();
    expect(screen.getByText('Jul 15, 2027')).toBeVisible();
    expect(screen.getByText('$4,200.00')).toBeVisible();
    expect(screen.getByText('Unlisted')).toBeVisible();
    expect(screen.getByText(campaign.invite_code!)).toBeVisible();
  });

  it('copies the invite code', async () => {
    const user = userEvent.setup();
    const { campaign } = await openFullCampaign();

    await user.click(await screen.findByRole('button', { name: 'Copy invite code' }));

    expect(await navigator.clipboard.readText()).toBe(campaign.invite_code);
    // A toast fades in: wait until it shows.
    await waitFor(() => expect(screen.getByText('Invite code copied')).toBeVisible());
  });

  it('says a campaign without targeting is open to all creators', async () => {
    await openFullCampaign('draft', { targeting: null });

    expect(await screen.findByText('Open to all creators.')).toBeVisible();
  });

  it('lists the tasks in brief order with their requirements, archived ones marked', async () => {
    const team = await glowLab();
    // Only under some_required can one task be required and another optional.
    const body = fullBody();
    const campaign = await fullCampaign(team, 'draft', {
      settings: { ...body.settings!, completion_mode: 'some_required' },
      tasks: [
        { ...body.tasks![0]!, is_required: true },
        { ...body.tasks![1]!, is_required: false },
      ],
    });
    renderApp(page(campaign), team.key);

    expect(await screen.findByRole('heading', { level: 2, name: 'Tasks (2)' })).toBeVisible();
    const tasks = screen.getAllByRole('article');
    expect(tasks.map((t) => within(t).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Unboxing',
      'Story',
    ]);
    const [unboxing, story] = tasks as [HTMLElement, HTMLElement];
    expect(unboxing).toHaveTextContent('TikTok, YouTube');
    expect(unboxing).toHaveTextContent('Feed video, Feed video (UGC)');
    expect(unboxing).toHaveTextContent('My morning glow #ad');
    expect(unboxing).toHaveTextContent(
      'Required: the post carries the platform’s paid-partnership label.',
    );
    expect(unboxing).toHaveTextContent('Automatic review');
    expect(unboxing).toHaveTextContent('The serum bottle is visible.');
    expect(unboxing).toHaveTextContent('At most 3');
    expect(within(unboxing).getByText('Required')).toBeVisible();
    expect(
      within(unboxing).getByRole('link', {
        name: 'https://tiktok.example.com/sound/1 (opens in a new tab)',
      }),
    ).toBeVisible();
    expect(within(unboxing).getByRole('img', { name: 'Cover image of Unboxing' })).toBeVisible();
    expect(within(story).getByText('Archived')).toBeVisible();
    expect(story).toHaveTextContent('Archived: accepts no new creators.');
    expect(within(story).getByText('Optional')).toBeVisible();
    expect(story).toHaveTextContent('Unlimited');
  });

  it.each<[CampaignStatus, string[]]>([
    ['draft', ['Publish', 'Edit', 'Delete draft']],
    ['pending_approval', []],
    ['active', ['Pause', 'Edit']],
    ['paused', ['Resume', 'Edit']],
    ['completed', []],
  ])('offers a %s campaign only %j', async (status, expected) => {
    const { team, campaign } = await openFullCampaign(status);

    await screen.findByRole('heading', { level: 1, name: 'Summer glow' });
    expect(actionNames()).toEqual(expected);
    if (expected.includes('Edit')) {
      expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        paths.campaignEdit.href(team.brand.id, campaign.id),
      );
    }
  });

  it('explains a denied publish request and an automatic pause', async () => {
    const team = await glowLab();
    const denied = await fullCampaign(team, 'pending_approval');
    await service.world.ops('POST', `/ops/campaigns/${denied.id}/review`, {
      decision: 'denied',
      reason: 'The brief names a competitor.',
    });
    const { unmount } = renderApp(page(denied), team.key);
    expect(await screen.findByText('Publish request denied')).toBeVisible();
    expect(screen.getByText('The brief names a competitor.')).toBeVisible();
    unmount();

    const paused = await fullCampaign(team, 'active', { name: 'Autumn glow' });
    await service.world.ops('POST', `/ops/campaigns/${paused.id}/auto-pause`, {
      reason: 'billing_issue',
    });
    renderApp(page(paused), team.key);
    expect(await screen.findByText('Paused automatically')).toBeVisible();
    expect(screen.getByText('Billing issue')).toBeVisible();
  });

  it('deletes a draft after confirming, then opens the list', async () => {
    const user = userEvent.setup();
    const { team, campaign, router } = await openFullCampaign();

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Summer glow”?' });
    expect(dialog).toHaveAccessibleDescription(
      'The draft and its tasks are deleted for good. This cannot be undone.',
    );
    expect(service.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

    // The toast first: it leaves after a few seconds, and the list may take longer to load.
    // A toast fades in: wait until it shows.
    await waitFor(() => expect(screen.getByText('Draft deleted')).toBeVisible());
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(team.brand.id));
    expect(screen.getByRole('heading', { level: 2, name: 'No campaigns yet' })).toBeVisible();
    // The deleted campaign is not asked for again.
    const reads = service.requests.filter(
      (r) => r.method === 'GET' && r.path.endsWith(campaign.id),
    );
    expect(reads).toHaveLength(1);
  });

  it('cancelling the delete keeps the draft', async () => {
    const user = userEvent.setup();
    await openFullCampaign();

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete draft' })).toHaveFocus();
    expect(service.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows the service’s message when it refuses to publish', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    // No task, and creators join without approval: the service refuses to publish it.
    const body = fullBody();
    const campaign = await fullCampaign(team, 'draft', {
      tasks: [],
      settings: { ...body.settings!, creator_approval_required: false },
    });
    renderApp(page(campaign), team.key);

    await publishAndConfirm(user);

    expect(await screen.findByText('Could not publish the campaign')).toBeVisible();
    expect(
      screen.getByText(
        'tasks: a campaign needs at least one active task to be published (or settings.creator_approval_required)',
      ),
    ).toBeVisible();
    expect(screen.getByText('Draft')).toBeVisible();
  });

  it('publishes a draft: it then waits for approval', async () => {
    const user = userEvent.setup();
    await openFullCampaign();

    await publishAndConfirm(user);

    // A toast fades in: wait until it shows.
    await waitFor(() => expect(screen.getByText('Submitted for approval')).toBeVisible());
    expect(screen.getByText('Pending approval')).toBeVisible();
    expect(actionNames()).toEqual([]);
  });

  it('pauses after confirming, then offers Resume', async () => {
    const user = userEvent.setup();
    await openFullCampaign('active');

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause “Summer glow”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause campaign' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus();
    expect(actionNames()).toEqual(['Resume', 'Edit']);
  });

  it('keeps the pause dialog open with the service’s message when refused', async () => {
    const user = userEvent.setup();
    const { campaign } = await openFullCampaign('active');

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause “Summer glow”?' });
    // The platform completes the campaign meanwhile.
    await service.world.ops('POST', `/ops/campaigns/${campaign.id}/complete`);
    await user.click(within(dialog).getByRole('button', { name: 'Pause campaign' }));

    const refusal =
      'status: a campaign that is completed cannot be paused (only one that is active)';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    // One place for the message: no toast as well.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('says "Campaign not found" for an unknown campaign, with a way back to the list', async () => {
    const user = userEvent.setup();
    const team = await glowLab();
    renderApp(paths.campaign.href(team.brand.id, crypto.randomUUID()), team.key);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaign not found' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Campaign not found · Campaign Console'));
    await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  });

  it('says "Campaign not found" for an address that is no campaign id, without asking', async () => {
    const team = await glowLab();
    renderApp(paths.campaign.href(team.brand.id, 'not-a-campaign'), team.key);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaign not found' }),
    ).toBeVisible();
    expect(service.requests.filter((r) => r.path.includes('/campaigns/'))).toHaveLength(0);
  });

  it('opens a campaign of another of the key’s brands under that brand', async () => {
    const team = await service.world.agencyTeam({
      brandNames: ['Glow Lab', 'Northwind Outdoors'],
    });
    const northwind = team.brands[1]!;
    const campaign = await fullCampaign(team, 'draft', { brand_id: northwind.id });
    const { router } = renderApp(paths.campaign.href(team.brand.id, campaign.id), team.key);

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer glow' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaign.href(northwind.id, campaign.id));
  });

  it('shows other failures with a retry', async () => {
    const team = await glowLab();
    const campaign = await fullCampaign(team);
    // A key of the brand that may review submissions but not read campaigns.
    const reviewer = await service.world.brandKey(team, ['submissions:write']);
    renderApp(page(campaign), reviewer.key);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This key may not do that' }),
    ).toBeVisible();
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = await openFullCampaign();
    await screen.findByText(/^Creators where Country/);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
