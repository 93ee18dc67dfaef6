import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { notify } from '#lib/notify';
import { GLOW_LAB, errorResponse } from '#test/http';
import { draftKey } from '../draft-storage';
import { todayUtc } from '#contract/campaign-rules';
import {
  makeCampaign,
  makeTask,
  renderBuilder,
  signIn,
  signOutOfClient,
  stubService,
} from '../test/builder-support';

const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Builder steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
const card = (n: number) => screen.getByRole('region', { name: `Task ${n}` });

function campaignWithTasks(overrides: Partial<Campaign> = {}) {
  return makeCampaign({
    tasks: [
      makeTask(1, { title: 'Unboxing' }),
      makeTask(2, { title: 'Review' }),
      makeTask(3, { title: 'Old one', status: 'archived' }),
    ],
    ...overrides,
  });
}

const edit = (campaign: Campaign) => ({ mode: 'edit', brand: GLOW_LAB, campaign }) as const;

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('CampaignBuilder (edit)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  });
  afterEach(() => signOutOfClient());

  it('sends only the changed fields, then one call per task change', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks();
    const service = stubService(undefined, campaign);
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
        `/brands/${GLOW_LAB.id}/campaigns/${campaign.id}`,
      ),
    );
    const id = campaign.id;
    expect(service.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: `/campaigns/${id}`, body: { name: 'Summer glow 2026' } },
      { method: 'POST', path: `/campaigns/${id}/tasks/${makeTask(2).id}/archive`, body: undefined },
      {
        method: 'PATCH',
        path: `/campaigns/${id}/tasks/${makeTask(1).id}`,
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
          display_order: 4,
        },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Changes saved', undefined, expect.any(String));
  });

  it('reorders with display_order, touching only the tasks that moved', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks();
    const service = stubService(undefined, campaign);
    renderBuilder(edit(campaign));

    await user.click(step('Tasks'));
    await user.click(within(card(2)).getByRole('button', { name: 'Move task 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(service.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PATCH',
        path: `/campaigns/${campaign.id}/tasks/${makeTask(2).id}`,
        body: { display_order: 0 },
      },
    ]);
  });

  it('clears an optional field with null and sends only the settings that changed', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks({ description: 'Old words', brief_url: 'https://x.test/b' });
    const service = stubService(undefined, campaign);
    renderBuilder(edit(campaign));

    await user.clear(screen.getByLabelText('Description'));
    await user.click(step('Settings'));
    await user.click(screen.getByRole('checkbox', { name: 'Creators need approval' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(service.writes()[0]!.body).toEqual({
      description: null,
      settings: { creator_approval_required: true },
    });
  });

  it('shows the service’s refusal of a read-only task at the top of the Tasks step', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks();
    stubService(
      (call) =>
        call.method === 'PATCH' && call.path.includes('/tasks/')
          ? errorResponse(409, 'task_read_only', 'Tasks of this campaign cannot be written.')
          : undefined,
      campaign,
    );
    renderBuilder(edit(campaign));
    await user.click(step('Tasks'));
    await user.type(within(card(1)).getByLabelText('Title'), '!');
    await user.click(step('Review'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Task 1 could not be saved');
    expect(alert).toHaveTextContent('Tasks of this campaign cannot be written.');
    expect(step('Tasks')).toHaveAttribute('aria-current', 'step');
  });

  it('shows targeting and settings locked while active, with the reason, and sends neither', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks({ status: 'active' });
    const service = stubService(undefined, campaign);
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
    expect(service.writes()).toHaveLength(0);

    const today = todayUtc();
    fireEvent.change(screen.getByLabelText('Post deadline'), { target: { value: today } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: /Campaign page/ });
    expect(service.writes()[0]!.body).toEqual({ post_deadline_date: today });
  });

  it('locks everything while pending approval', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks({ status: 'pending_approval' });
    stubService(undefined, campaign);
    renderBuilder(edit(campaign));

    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.getByLabelText('Campaign name')).toBeDisabled();
    await user.click(step('Tasks'));
    expect(within(card(1)).getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add task' })).toBeDisabled();
  });

  it('restores its own draft, per campaign, and never the locked areas', async () => {
    const user = userEvent.setup();
    const campaign = campaignWithTasks({ status: 'active' });
    stubService(undefined, campaign);
    const key = draftKey({ brandId: GLOW_LAB.id, mode: 'edit', campaignId: campaign.id });
    const first = renderBuilder(edit(makeCampaign({ ...campaign, status: 'draft' })));
    await user.clear(screen.getByLabelText('Campaign name'));
    await user.type(screen.getByLabelText('Campaign name'), 'Renamed');
    await user.click(step('Settings'));
    await user.click(screen.getByRole('radio', { name: 'Strict' }));
    await waitFor(() => expect(window.localStorage.getItem(key)).toContain('strict'), {
      timeout: 3000,
    });
    first.unmount();

    // Published in the meantime: settings are locked now, so the stored change is not restored.
    renderBuilder(edit(campaign));
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Renamed');
    expect(screen.getByText(/Restored your unsaved changes from/)).toBeVisible();
    await user.click(step('Settings'));
    expect(screen.getByRole('radio', { name: 'Moderate' })).toBeChecked();
  });
});
