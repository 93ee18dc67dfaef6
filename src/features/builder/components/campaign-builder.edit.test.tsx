import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { notify } from '#lib/notify';
import type { CampaignStatus } from '#contract/enums';
import { realService, type Team } from '#testing/service';
import { draftKey } from '../draft-storage';
import { todayUtc } from '#contract/campaign-rules';
import { renderBuilder, signedInBrand, signOutOfClient, writesOf } from '../test/builder-support';

const service = realService();
/** The signed-in brand team (set before each test). */
let team: Team;

const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Builder steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
const card = (n: number) => screen.getByRole('region', { name: `Task ${n}` });

/**
 * Summer glow with tasks Unboxing and Review and an archived Old one, made as a draft and
 * brought to `status`; the campaign as the service answers it now.
 */
async function campaignWithTasks(
  status: CampaignStatus = 'draft',
  overrides: { description?: string; brief_url?: string } = {},
) {
  const { world } = service;
  // Orders with room before the first task, as a campaign edited before may have.
  const task = (title: string, order: number) => ({
    title,
    instructions: 'Film it.',
    platforms: ['tiktok'],
    display_order: order,
  });
  const made = await world.api<Campaign>(team, 'POST', '/campaigns', {
    name: 'Summer glow',
    ...overrides,
    tasks: [task('Unboxing', 1), task('Review', 2), task('Old one', 3)],
  });
  const old = made.tasks!.find((t) => t.title === 'Old one')!;
  await world.api(team, 'POST', `/campaigns/${made.id}/tasks/${old.id}/archive`);
  await world.moveTo(team, made.id, status);
  return world.api<Campaign>(team, 'GET', `/campaigns/${made.id}`);
}

const taskId = (campaign: Campaign, title: string) =>
  campaign.tasks!.find((t) => t.title === title)!.id;

const edit = (campaign: Campaign) => ({ mode: 'edit', brand: team.brand, campaign }) as const;

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('CampaignBuilder (edit)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    ({ team } = await signedInBrand(service));
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  });
  afterEach(() => signOutOfClient());

  it('sends only the changed fields, then one call per task change', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks();
    const { router } = renderBuilder(edit(campaign));

    expect(screen.getByLabelText('Campaign name')).toHaveValue('Summer glow');
    await user.clear(screen.getByLabelText('Campaign name'));
    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow 2026');
    await user.click(step('Tasks'));
    expect(screen.getByText(/Removed tasks are archived/)).toBeVisible();
    expect(screen.getByText(/One archived task is not shown/)).toBeVisible();
    await user.type(within(card(1)).getByLabelText('Title'), ' video');
    await user.click(within(card(2)).getByRole('button', { name: 'Remove task 2' }));
    expect(screen.getByText(/It will be archived when you save/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await user.type(within(card(2)).getByLabelText('Title'), 'Story');
    await user.type(within(card(2)).getByLabelText('Instructions'), 'Post a story.');
    await user.click(within(card(2)).getByRole('button', { name: 'Snapchat' }));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/brands/${team.brand.id}/campaigns/${campaign.id}`,
      ),
    );
    const id = campaign.id;
    const after = Math.max(...campaign.tasks!.map((t) => t.display_order)) + 1;
    expect(writesOf(service).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: `/campaigns/${id}`, body: { name: 'Summer glow 2026' } },
      {
        method: 'POST',
        path: `/campaigns/${id}/tasks/${taskId(campaign, 'Review')}/archive`,
        body: undefined,
      },
      {
        method: 'PATCH',
        path: `/campaigns/${id}/tasks/${taskId(campaign, 'Unboxing')}`,
        body: { title: 'Unboxing video' },
      },
      {
        method: 'POST',
        path: `/campaigns/${id}/tasks`,
        body: {
          title: 'Story',
          instructions: 'Post a story.',
          platforms: ['snapchat'],
          require_ad_disclosure: true,
          review_mode: 'media_review',
          // after every existing task, archived ones included
          display_order: after,
        },
      },
    ]);
    // The service holds what was saved.
    const saved = await service.world.api<Campaign>(team, 'GET', `/campaigns/${id}`);
    expect(saved.name).toBe('Summer glow 2026');
    expect(
      saved.tasks!.map((t) => [t.title, t.status]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual([
      ['Old one', 'archived'],
      ['Review', 'archived'],
      ['Story', 'active'],
      ['Unboxing video', 'active'],
    ]);
    expect(notify.success).toHaveBeenCalledWith('Changes saved', undefined, expect.any(String));
  });

  it('reorders with display_order, touching only the tasks that moved', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks();
    renderBuilder(edit(campaign));

    await user.click(step('Tasks'));
    await user.click(within(card(2)).getByRole('button', { name: 'Move task 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(writesOf(service).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PATCH',
        path: `/campaigns/${campaign.id}/tasks/${taskId(campaign, 'Review')}`,
        body: { display_order: 0 },
      },
    ]);
  });

  it('clears an optional field with null and sends only the settings that changed', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks('draft', {
      description: 'Old words',
      brief_url: 'https://x.test/b',
    });
    renderBuilder(edit(campaign));

    await user.clear(screen.getByLabelText('Description'));
    await user.click(step('Settings'));
    await user.click(screen.getByRole('checkbox', { name: 'Creators need approval' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(writesOf(service)[0]!.body).toEqual({
      description: null,
      settings: { creator_approval_required: true },
    });
    const saved = await service.world.api<Campaign>(team, 'GET', `/campaigns/${campaign.id}`);
    expect(saved).toMatchObject({
      description: null,
      brief_url: 'https://x.test/b',
      settings: { ...campaign.settings, creator_approval_required: true },
    });
  });

  it('shows the service’s refusal of a read-only task at the top of the Tasks step', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks();
    renderBuilder(edit(campaign));
    await user.click(step('Tasks'));
    await user.type(within(card(1)).getByLabelText('Title'), '!');
    await user.click(step('Review'));
    // Someone publishes the campaign meanwhile: its tasks are locked under review.
    await service.world.api(team, 'POST', `/campaigns/${campaign.id}/publish`);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Task 1 could not be saved');
    // The refusal names `tasks` in its issues: the builder places it, it reads no prose.
    expect(alert).toHaveTextContent(
      'Task 1: Cannot be changed while the campaign is pending_approval.',
    );
    expect(step('Tasks')).toHaveAttribute('aria-current', 'step');
  });

  it('shows targeting and settings locked while active, with the reason, and sends neither', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks('active');
    renderBuilder(edit(campaign));

    await user.click(step('Settings'));
    expect(
      screen.getByText(
        'Locked while the campaign is active: targeting and settings can only change in a draft.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Creators need approval' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Strict' })).toBeDisabled();

    await user.click(step('Targeting'));
    const editor = await screen.findByRole('group', { name: 'Who can join' });
    expect(editor).toBeDisabled();
    expect(editor).toHaveAccessibleDescription(
      expect.stringContaining('Locked while the campaign is active'),
    );

    await user.click(step('Deadlines'));
    expect(screen.getByLabelText('Post deadline')).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Post deadline'), { target: { value: '2000-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('Post deadline')).toHaveAccessibleDescription(
      expect.stringContaining('Must not be earlier than today ('),
    );
    expect(writesOf(service)).toHaveLength(0);

    const today = todayUtc();
    fireEvent.change(screen.getByLabelText('Post deadline'), { target: { value: today } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(writesOf(service)[0]!.body).toEqual({ post_deadline_date: today });
    const saved = await service.world.api<Campaign>(team, 'GET', `/campaigns/${campaign.id}`);
    expect(saved.post_deadline_date).toBe(today);
  });

  it('locks everything while pending approval', async () => {
    const user = userEvent.setup();
    const campaign = await campaignWithTasks('pending_approval');
    renderBuilder(edit(campaign));

    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.getByLabelText('Campaign name')).toBeDisabled();
    await user.click(step('Tasks'));
    expect(within(card(1)).getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add task' })).toBeDisabled();
  });

  it('restores its own draft, per campaign, and never the locked areas', async () => {
    const user = userEvent.setup();
    const draft = await campaignWithTasks();
    const key = draftKey({ brandId: team.brand.id, mode: 'edit', campaignId: draft.id });
    const first = renderBuilder(edit(draft));
    await user.clear(screen.getByLabelText('Campaign name'));
    await user.type(screen.getByLabelText('Campaign name'), 'Renamed');
    await user.click(step('Settings'));
    await user.click(screen.getByRole('radio', { name: 'Strict' }));
    await waitFor(() => expect(window.localStorage.getItem(key)).toContain('strict'), {
      timeout: 3000,
    });
    first.unmount();

    // Published in the meantime: settings are locked now, so the stored change is not restored.
    const campaign = await service.world.moveTo(team, draft.id, 'active');
    renderBuilder(edit(campaign));
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Renamed');
    expect(screen.getByText(/Restored your unsaved changes from/)).toBeVisible();
    await user.click(step('Settings'));
    expect(screen.getByRole('radio', { name: 'Moderate' })).toBeChecked();
  });
});
