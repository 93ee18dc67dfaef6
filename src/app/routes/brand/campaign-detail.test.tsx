import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Campaign } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { makeCampaign, makeTask, uuid } from '#features/campaigns/test/fixtures';
import { configureApiClient } from '#lib/api-client';
import { fakeService, renderApp } from '#test/campaign-service';
import { errorResponse, GLOW_LAB, jsonResponse, NORTHWIND } from '#test/http';

// The whole app renders in each test (lazy routes, loaders): give it time on a busy machine.
configure({ asyncUtilTimeout: 3000 });

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  configureApiClient({ credentials: () => null });
});

const page = (campaign: Campaign) => paths.campaign.href(campaign.brand_id, campaign.id);

function fullCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return makeCampaign(7, {
    name: 'Summer glow',
    status: 'draft',
    visibility: 'unlisted',
    invite_code: 'GLOW-2026',
    description: 'Show the serum in your morning routine.',
    instructions: 'Natural light.\nNo filters.',
    brief_url: 'https://example.com/brief.pdf',
    icon_url: 'https://cdn.example.com/icon.png',
    video_examples: ['https://example.com/v/1'],
    links: [
      {
        id: uuid(1, 0x1),
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
    targeting: {
      root_operator: 'AND',
      groups: [
        {
          operator: 'AND',
          conditions: [
            { property: 'prop_country', operator: 'IN', values: ['c_us', 'c_ca'] },
            { property: 'prop_age', operator: 'IN', values: ['18-34'] },
          ],
        },
      ],
    },
    spent_cents: 4200_00,
    content_deadline_date: '2026-07-01',
    post_deadline_date: '2026-07-15',
    settings: {
      creator_approval_required: true,
      brand_approval_required: false,
      post_approval_mode: 'always',
      completion_mode: 'pick_one',
    },
    tasks_count: 2,
    tasks: [
      makeTask(2, {
        title: 'Story',
        status: 'archived',
        platforms: ['instagram'],
        formats: ['story_video'],
        is_required: false,
      }),
      makeTask(1, {
        title: 'Unboxing',
        platforms: ['tiktok', 'youtube'],
        formats: ['feed_video', 'feed_video_ugc'],
        caption: 'My morning glow #ad',
        tiktok_sound_url: 'https://tiktok.example.com/sound/1',
        video_examples: ['https://example.com/v/2'],
        image_url: 'https://cdn.example.com/cover.png',
        review_mode: 'autoreview',
        autoreview_prompt: 'The serum bottle is visible.',
        max_posts_per_creator: 3,
      }),
    ],
    ...overrides,
  });
}

const targetingAnswers = (_method: string, url: URL) => {
  if (url.pathname.endsWith('/targeting/properties')) {
    return jsonResponse({
      data: [
        { id: 'prop_country', name: 'Country', kind: 'option' },
        { id: 'prop_age', name: 'Age', kind: 'number' },
      ],
    });
  }
  if (url.pathname.endsWith('/targeting/properties/prop_country/values')) {
    return jsonResponse({
      data: [
        { value: 'c_us', label: 'United States' },
        { value: 'c_ca', label: 'Canada' },
      ],
    });
  }
  return undefined;
};

const actionNames = () =>
  ['Publish', 'Pause', 'Resume', 'Edit', 'Delete draft'].filter(
    (name) =>
      screen.queryByRole('button', { name }) !== null ||
      screen.queryByRole('link', { name }) !== null,
  );

describe('campaign page', { timeout: 15_000 }, () => {
  it('shows the overview: brief, product, links, settings, who can join, schedule, visibility', async () => {
    const campaign = fullCampaign();
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

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
        'Creators where Country is United States or Canada and Age is between 18 and 34.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Jul 1, 2026')).toBeVisible();
    expect(screen.getByText('Jul 15, 2026')).toBeVisible();
    expect(screen.getByText('$4,200.00')).toBeVisible();
    expect(screen.getByText('Unlisted')).toBeVisible();
    expect(screen.getByText('GLOW-2026')).toBeVisible();
  });

  it('copies the invite code', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign();
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Copy invite code' }));

    expect(await navigator.clipboard.readText()).toBe('GLOW-2026');
    expect(await screen.findByText('Invite code copied')).toBeVisible();
  });

  it('says a campaign without targeting is open to all creators', async () => {
    const campaign = fullCampaign({ targeting: null });
    fakeService({ campaigns: [campaign] });
    renderApp(page(campaign));

    expect(await screen.findByText('Open to all creators.')).toBeVisible();
  });

  it('lists the tasks in brief order with their requirements, archived ones marked', async () => {
    const campaign = fullCampaign();
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

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
    const campaign = fullCampaign({ status });
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

    await screen.findByRole('heading', { level: 1, name: 'Summer glow' });
    expect(actionNames()).toEqual(expected);
    if (expected.includes('Edit')) {
      expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        paths.campaignEdit.href(GLOW_LAB.id, campaign.id),
      );
    }
  });

  it('explains a denied publish request and an automatic pause', async () => {
    const denied = fullCampaign({
      status_detail: {
        kind: 'publish_denied',
        reason: 'The brief names a competitor.',
        occurred_at: '2026-06-02T10:00:00Z',
      },
    });
    fakeService({ campaigns: [denied], override: targetingAnswers });
    const { unmount } = renderApp(page(denied));
    expect(await screen.findByText('Publish request denied')).toBeVisible();
    expect(screen.getByText('The brief names a competitor.')).toBeVisible();
    unmount();

    const paused = fullCampaign({
      status: 'paused',
      status_detail: {
        kind: 'auto_paused',
        reason: 'billing_issue',
        occurred_at: '2026-06-02T10:00:00Z',
      },
    });
    fakeService({ campaigns: [paused], override: targetingAnswers });
    renderApp(page(paused));
    expect(await screen.findByText('Paused automatically')).toBeVisible();
    expect(screen.getByText('Billing issue')).toBeVisible();
  });

  it('deletes a draft after confirming, then opens the list', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign();
    const service = fakeService({ campaigns: [campaign], override: targetingAnswers });
    const { router } = renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Summer glow”?' });
    expect(dialog).toHaveAccessibleDescription(
      'The draft and its tasks are deleted for good. This cannot be undone.',
    );
    expect(service.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(GLOW_LAB.id));
    expect(await screen.findByText('Draft deleted')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'No campaigns yet' })).toBeVisible();
    // The deleted campaign is not asked for again.
    const reads = service.requests.filter(
      (r) => r.method === 'GET' && r.url.pathname.endsWith(campaign.id),
    );
    expect(reads).toHaveLength(1);
  });

  it('cancelling the delete keeps the draft', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign();
    const service = fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete draft' })).toHaveFocus();
    expect(service.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows the service’s message when it refuses to publish', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign({ tasks: [], tasks_count: 0 });
    fakeService({
      campaigns: [campaign],
      override: (method, url) =>
        method === 'POST' && url.pathname.endsWith('/publish')
          ? errorResponse(
              422,
              'validation_failed',
              'tasks: a campaign needs at least one active task to be published',
            )
          : targetingAnswers(method, url),
    });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const confirmPublish = screen.getByRole('alertdialog', { name: 'Publish “Summer glow”?' });
    expect(confirmPublish).toHaveAccessibleDescription(
      expect.stringContaining('While it waits it is locked'),
    );
    await user.click(within(confirmPublish).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Could not publish the campaign')).toBeVisible();
    expect(
      screen.getByText('tasks: a campaign needs at least one active task to be published'),
    ).toBeVisible();
    expect(screen.getByText('Draft')).toBeVisible();
  });

  it('publishes a draft: it then waits for approval', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign();
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const confirmPublish = screen.getByRole('alertdialog', { name: 'Publish “Summer glow”?' });
    expect(confirmPublish).toHaveAccessibleDescription(
      expect.stringContaining('While it waits it is locked'),
    );
    await user.click(within(confirmPublish).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Submitted for approval')).toBeVisible();
    expect(screen.getByText('Pending approval')).toBeVisible();
    expect(actionNames()).toEqual([]);
  });

  it('pauses after confirming, then offers Resume', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign({ status: 'active' });
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause “Summer glow”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause campaign' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus();
    expect(actionNames()).toEqual(['Resume', 'Edit']);
  });

  it('keeps the pause dialog open with the service’s message when refused', async () => {
    const user = userEvent.setup();
    const campaign = fullCampaign({ status: 'active' });
    fakeService({
      campaigns: [campaign],
      override: (method, url) =>
        method === 'POST' && url.pathname.endsWith('/pause')
          ? errorResponse(409, 'invalid_state_transition', 'The campaign is already completed.')
          : targetingAnswers(method, url),
    });
    renderApp(page(campaign));

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause “Summer glow”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause campaign' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The campaign is already completed.',
    );
    // One place for the message: no toast as well.
    expect(screen.getAllByText('The campaign is already completed.')).toHaveLength(1);
  });

  it('says "Campaign not found" for an unknown campaign, with a way back to the list', async () => {
    const user = userEvent.setup();
    fakeService({ campaigns: [] });
    renderApp(paths.campaign.href(GLOW_LAB.id, uuid(404)));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaign not found' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Campaign not found · Campaign Console'));
    await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  });

  it('says "Campaign not found" for an address that is no campaign id, without asking', async () => {
    const service = fakeService({ campaigns: [] });
    renderApp(paths.campaign.href(GLOW_LAB.id, 'not-a-campaign'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaign not found' }),
    ).toBeVisible();
    expect(service.requests.filter((r) => r.url.pathname.includes('/campaigns/'))).toHaveLength(0);
  });

  it('opens a campaign of another of the key’s brands under that brand', async () => {
    const campaign = fullCampaign({ brand_id: NORTHWIND.id, brand_name: NORTHWIND.name });
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    const { router } = renderApp(paths.campaign.href(GLOW_LAB.id, campaign.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer glow' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.campaign.href(NORTHWIND.id, campaign.id));
  });

  it('shows other failures with a retry', async () => {
    const campaign = fullCampaign();
    fakeService({
      campaigns: [campaign],
      override: (_method, url) =>
        url.pathname.endsWith(campaign.id)
          ? errorResponse(403, 'missing_scope', 'campaigns:read is needed')
          : undefined,
    });
    renderApp(page(campaign));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This key may not do that' }),
    ).toBeVisible();
  });

  it('has no accessibility violations axe can find', async () => {
    const campaign = fullCampaign();
    fakeService({ campaigns: [campaign], override: targetingAnswers });
    const { container } = renderApp(page(campaign));
    await screen.findByText(/^Creators where Country/);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
