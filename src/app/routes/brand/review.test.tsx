import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeCampaign, makeTask } from '../../../features/campaigns/test/fixtures';
import { review } from '../../../features/review/use-decisions';
import { configureApiClient } from '../../../lib/api-client';
import { activityService, makeSubmission } from '../../../test/activity-service';
import { renderApp } from '../../../test/campaign-service';
import { GLOW_LAB } from '../../../test/http';

configure({ asyncUtilTimeout: 3000 });

const QUEUE = paths.review.href(GLOW_LAB.id);
const taskA = makeTask(1, { title: 'Unboxing', caption: 'My glow routine #ad' });
const taskB = makeTask(2, { title: 'Tutorial', platforms: ['instagram'] });
const spring = makeCampaign(1, { name: 'Spring launch', tasks: [taskA] });
const summer = makeCampaign(2, { name: 'Summer glow', tasks: [taskB] });

function world() {
  const submissions = {
    [spring.id]: [
      makeSubmission(1, taskA.id),
      makeSubmission(4, taskA.id, { revision_count: 1, feedback: 'Show the label.' }),
    ],
    [summer.id]: [makeSubmission(2, taskB.id), makeSubmission(3, taskB.id)],
  };
  const service = activityService({
    campaigns: [summer, spring, makeCampaign(3, { name: 'Old one', status: 'completed' })],
    submissions,
  });
  return { ...service, submissions };
}

const region = () =>
  screen.getByRole('region', { name: /Submission \d+ of \d+|Current submission/ });
const currentCreator = () => within(region()).getByText(/^@creator\d$/).textContent;

beforeEach(() => {
  review.undoWindowMs = 50;
});
afterEach(() => {
  review.undoWindowMs = 4000;
  configureApiClient({ credentials: () => null });
});

describe('review queue', { timeout: 15_000 }, () => {
  it('merges the active and paused campaigns oldest first and shows the count', async () => {
    const service = world();
    renderApp(QUEUE);
    expect(await screen.findByText('4 submissions waiting')).toBeInTheDocument();
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Submission 1 of 4',
    );
    expect(currentCreator()).toBe('@creator1');
    const listed = service.reviewListRequests()[0]!.url.searchParams;
    expect(listed.getAll('status')).toEqual(['active', 'paused']);
    expect(listed.get('brand_id')).toBe(GLOW_LAB.id);
    // The task's requirements sit beside the media.
    expect(await within(region()).findByText('My glow routine #ad')).toBeInTheDocument();
    expect(within(region()).getByLabelText('Video by creator1')).toHaveAttribute(
      'src',
      'https://cdn.example.com/1.mp4',
    );
  });

  it('moves with J and K, shows the revision round and previous feedback', async () => {
    world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.keyboard('j');
    expect(currentCreator()).toBe('@creator2');
    await user.keyboard('jj');
    expect(currentCreator()).toBe('@creator4');
    expect(within(region()).getByText('Revision 1')).toBeInTheDocument();
    expect(within(region()).getByText('Show the label.')).toBeInTheDocument();
    await user.keyboard('j');
    expect(currentCreator()).toBe('@creator4');
    await user.keyboard('k');
    expect(currentCreator()).toBe('@creator3');
    expect(region()).toHaveFocus();
  });

  it('approves with A at once, shows the next item, then sends the decision', async () => {
    const service = world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.keyboard('a');
    expect(currentCreator()).toBe('@creator2');
    expect(screen.getByText('3 submissions waiting')).toBeInTheDocument();
    expect(region()).toHaveFocus();
    await waitFor(() =>
      expect(service.decisionRequests()).toEqual([
        `/2026-07/campaigns/${spring.id}/submissions/${makeSubmission(1, taskA.id).id}/approve`,
      ]),
    );
    expect(currentCreator()).toBe('@creator2');
  });

  it('sends nothing when the decision is undone within the window', async () => {
    review.undoWindowMs = 2000;
    const service = world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.keyboard('a');
    expect(currentCreator()).toBe('@creator2');
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    expect(currentCreator()).toBe('@creator1');
    expect(screen.getByText('4 submissions waiting')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(service.decisionRequests()).toEqual([]);
  });

  it('sends a decision still in its undo window when the reviewer leaves the queue', async () => {
    review.undoWindowMs = 10_000;
    const service = world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.keyboard('a');
    expect(service.decisionRequests()).toEqual([]);
    await user.click(screen.getByRole('link', { name: /^Campaigns/ }));
    await screen.findByRole('heading', { level: 1, name: 'Campaigns' });
    await waitFor(() => expect(service.decisionRequests()).toHaveLength(1));
    expect(service.decisionRequests()[0]).toMatch(/\/approve$/);
  });

  it('rejects with R: feedback with snippets, Enter sends', async () => {
    const service = world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const snippets = within(dialog).getByRole('group', { name: 'Saved snippets' });
    await user.click(within(snippets).getByRole('button', { name: /ad disclosure/ }));
    const box = within(dialog).getByRole('textbox', { name: 'Feedback to the creator' });
    await user.type(box, ' Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Save as snippet' }));
    expect(within(snippets).getByRole('button', { name: /Thanks!/ })).toBeInTheDocument();
    box.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentCreator()).toBe('@creator2');
    await waitFor(() => expect(service.decisionRequests()).toHaveLength(1));
    const call = service.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(call[0])).toMatch(/\/reject$/);
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      feedback: 'Please add the paid-partnership / ad disclosure. Thanks!',
    });
  });

  it('shows who got there first on already_reviewed and moves on', async () => {
    const service = world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    // Another reviewer approves the first submission meanwhile.
    Object.assign(service.submissions[spring.id]![0]!, {
      status: 'approved',
      reviewed_at: '2026-07-01T10:00:00Z',
    });
    await user.keyboard('a');
    expect(currentCreator()).toBe('@creator2');
    expect(
      await screen.findByText(
        'Already reviewed: approved at 2026-07-01T10:00:00Z by key cck_other…',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('creator1: already reviewed');
    expect(currentCreator()).toBe('@creator2');
    expect(screen.getByText('3 submissions waiting')).toBeInTheDocument();
  });

  it('ignores shortcuts while typing and opens the help with ?', async () => {
    world();
    const user = userEvent.setup();
    renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    campaign.focus();
    fireEvent.keyDown(campaign, { key: 'j' });
    expect(currentCreator()).toBe('@creator1');
    region().focus();
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(region()).toHaveFocus();
  });

  it('filters by campaign and revision round through the URL', async () => {
    world();
    const user = userEvent.setup();
    const { router } = renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Revision round' }), 'revision');
    expect(router.state.location.search).toBe('?round=revision');
    expect(await screen.findByText('1 submission waiting (4 in all)')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Revision round' }), '');
    // Each change commits (in a transition) before the next one is made.
    await screen.findByText('4 submissions waiting');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'instagram');
    expect(await screen.findByText('2 submissions waiting (4 in all)')).toBeInTheDocument();
    expect(currentCreator()).toBe('@creator2');
  });

  it('shows the waiting count in the navigation', async () => {
    world();
    renderApp(paths.campaigns.href(GLOW_LAB.id));
    expect(await screen.findByRole('link', { name: 'Review queue 4 waiting' })).toBeInTheDocument();
  });

  it('has no accessibility violations axe can find, the feedback box included', async () => {
    world();
    const user = userEvent.setup();
    const { container } = renderApp(QUEUE);
    await screen.findByText('4 submissions waiting');
    await within(region()).findByText('My glow routine #ad');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const inDialog = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(inDialog.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
