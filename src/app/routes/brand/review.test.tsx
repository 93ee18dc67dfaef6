import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { realService } from '#testing/service';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '#config/paths';
import { FEEDBACK_MAX } from '#features/review/components/feedback-dialog';
import {
  reviewScreenTests,
  reviewWorld,
  submissionNow,
  submitTo,
} from '#features/review/test/review-world';
import { review } from '#features/review/use-decisions';
import { formatDateTime } from '#lib/format';
import { renderApp } from '#test/app';
import { tag } from '#test/world';

configure({ asyncUtilTimeout: 5000 });

const service = realService();

const { region, currentCreator, decisionPosts } = reviewScreenTests(service, {
  undoWindowMs: 50,
  retryDelayMs: 10,
});
const waiting = (text: string) => screen.findByText(text, {}, { timeout: 8000 });

/** Presses `keys` on the queue, then reads the creator of the submission on screen. */
async function creatorAfter(user: UserEvent, keys: string) {
  await user.keyboard(keys);
  return currentCreator();
}

async function openQueue() {
  const world = await reviewWorld(service);
  const view = renderApp(paths.review.href(world.team.brand.id), world.team.key);
  await waiting('4 submissions waiting for you');
  return { ...world, ...view };
}

describe('the review queue', { timeout: 30_000 }, () => {
  it('reads the brand’s queue in one page across campaigns, oldest first, with the task’s requirements beside the media', async () => {
    const { names, team } = await openQueue();
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Submission 1 of 4',
    );
    expect(currentCreator()).toBe(`@${names.ana}`);
    // One read of the queue (GET /submissions) and one of its counts, whatever the campaigns.
    const pages = service.requests.filter((r) => r.path === '/submissions');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.url.searchParams.getAll('status')).toEqual(['in_review']);
    expect(pages[0]!.url.searchParams.get('brand_id')).toBe(team.brand.id);
    expect(service.requests.filter((r) => r.path === '/submissions/counts')).toHaveLength(1);
    expect(service.requests.filter((r) => /^\/campaigns\/[^/]+\/submissions/.test(r.path))).toEqual(
      [],
    );
    expect(await within(region()).findByText('My glow routine #ad')).toBeInTheDocument();
    expect(within(region()).getByLabelText(`Video by ${names.ana}`)).toHaveAttribute(
      'src',
      `https://cdn.example.com/${names.ana}.mp4`,
    );
  });

  it('moves with J and K, and shows a revision’s round and previous feedback', async () => {
    const { names } = await openQueue();
    const user = userEvent.setup();
    expect(await creatorAfter(user, 'j')).toBe(`@${names.ben}`);
    expect(await creatorAfter(user, 'jj')).toBe(`@${names.dee}`);
    expect(within(region()).getByText('Revision 1')).toBeInTheDocument();
    expect(within(region()).getByText('Show the label.')).toBeInTheDocument();
    expect(await creatorAfter(user, 'j')).toBe(`@${names.dee}`);
    expect(await creatorAfter(user, 'k')).toBe(`@${names.cy}`);
    expect(region()).toHaveFocus();
  });

  it('approves with A at once, shows the next item, then sends the decision and says so', async () => {
    const { names, team, spring, submissions } = await openQueue();
    const user = userEvent.setup();
    expect(await creatorAfter(user, 'a')).toBe(`@${names.ben}`);
    expect(screen.getByText('3 submissions waiting for you')).toBeInTheDocument();
    expect(region()).toHaveFocus();
    expect(await screen.findByText(`Approved @${names.ana}.`)).toBeInTheDocument();
    expect(screen.getByText('All decisions sent')).toBeInTheDocument();
    expect(decisionPosts().map((r) => r.path)).toEqual([
      `/campaigns/${spring.id}/submissions/${submissions.ana.id}/approve`,
    ]);
    expect((await submissionNow(service, team, spring, submissions.ana)).status).toBe('approved');
    expect(currentCreator()).toBe(`@${names.ben}`);
  });

  it('says a decision is not sent yet during its undo window, and sends nothing when it is undone', async () => {
    review.undoWindowMs = 2000;
    const { names, submissions } = await openQueue();
    const user = userEvent.setup();
    expect(await creatorAfter(user, 'a')).toBe(`@${names.ben}`);
    expect(screen.getByText(`Approving @${names.ana}: sent in a few seconds.`)).toBeInTheDocument();
    expect(screen.getByText('1 decision not sent yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    expect(currentCreator()).toBe(`@${names.ana}`);
    expect(screen.getByText('4 submissions waiting for you')).toBeInTheDocument();
    expect(screen.queryByText(/not sent yet/)).not.toBeInTheDocument();
    // The positive control instead of waiting out the window: a later decision with the same
    // window is sent after the undone one's window ended, so it would follow the undone one.
    expect(await creatorAfter(user, 'j')).toBe(`@${names.ben}`);
    await user.keyboard('a');
    await waitFor(() => expect(decisionPosts()).toHaveLength(1), { timeout: 5000 });
    expect(decisionPosts().map((r) => r.path)).toEqual([
      expect.stringMatching(new RegExp(`/submissions/${submissions.ben.id}/approve$`)),
    ]);
  });

  it('sends a decision still in its undo window when the reviewer leaves the queue', async () => {
    review.undoWindowMs = 10_000;
    const { team, spring, submissions } = await openQueue();
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(decisionPosts()).toEqual([]);
    await user.click(screen.getByRole('link', { name: /^Campaigns/ }));
    await screen.findByRole('heading', { level: 1, name: 'Campaigns' });
    await waitFor(() => expect(decisionPosts()).toHaveLength(1));
    expect(decisionPosts()[0]!.path).toMatch(/\/approve$/);
    await waitFor(async () =>
      expect((await submissionNow(service, team, spring, submissions.ana)).status).toBe('approved'),
    );
  });

  it('requests changes with R: feedback with snippets, Enter sends, the creator gets the text', async () => {
    const { names, team, spring, submissions } = await openQueue();
    const user = userEvent.setup();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    expect(dialog).toHaveTextContent('Enter sends; Shift+Enter starts a new line.');
    const snippets = within(dialog).getByRole('group', { name: 'Saved snippets' });
    await user.click(within(snippets).getByRole('button', { name: /ad disclosure/ }));
    const box = within(dialog).getByRole('textbox', { name: 'Feedback to the creator' });
    await user.type(box, ' Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Save as snippet' }));
    expect(within(snippets).getByRole('button', { name: /Thanks!/ })).toBeInTheDocument();
    box.focus();
    await user.keyboard('{Shift>}{Enter}{/Shift}Bye');
    expect(box).toHaveValue('Please add the paid-partnership / ad disclosure. Thanks!\nBye');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentCreator()).toBe(`@${names.ben}`);
    expect(await screen.findByText(`Changes requested from @${names.ana}.`)).toBeInTheDocument();
    const sent = await submissionNow(service, team, spring, submissions.ana);
    expect(sent.status).toBe('rejected');
    expect(sent.feedback).toBe('Please add the paid-partnership / ad disclosure. Thanks!\nBye');
  });

  it('shows the feedback limit of the service as the reviewer types, and refuses a longer text', async () => {
    await openQueue();
    const user = userEvent.setup();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    const box = within(dialog).getByRole('textbox', { name: 'Feedback to the creator' });
    expect(FEEDBACK_MAX).toBe(10_000);
    expect(box).toHaveAttribute('maxlength', '10000');
    expect(box).toHaveAccessibleDescription(/0 \/ 10,000 characters/);
    fireEvent.change(box, { target: { value: 'x'.repeat(9_995) } });
    expect(within(dialog).getByText('9,995 / 10,000 characters')).toBeInTheDocument();
    // A snippet added to a full box goes past the limit: said, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: /exact caption/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(
      within(dialog).getByText(/Feedback can be at most 10,000 characters/),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // The positive control instead of a wait: a text within the limit is then sent, and it is
    // the only decision sent (a refused one would have gone out before it).
    fireEvent.change(box, { target: { value: 'Shorter.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(decisionPosts()).toHaveLength(1));
    expect(decisionPosts().map((r) => r.body)).toEqual(['{"feedback":"Shorter."}']);
  });

  it('on a touch screen Enter makes a new line and the button sends', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { names, team, spring, submissions } = await openQueue();
    const user = userEvent.setup();
    // Closed by default on a phone: the toggle says so.
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(region()).getByRole('button', { name: /Request changes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    expect(dialog).toHaveTextContent('Send with the Request changes button.');
    const box = within(dialog).getByRole('textbox', { name: 'Feedback to the creator' });
    await user.type(box, 'Show the label.{Enter}And smile.');
    expect(box).toHaveValue('Show the label.\nAnd smile.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(`Changes requested from @${names.ana}.`)).toBeInTheDocument();
    expect((await submissionNow(service, team, spring, submissions.ana)).feedback).toBe(
      'Show the label.\nAnd smile.',
    );
  });

  it('shows who got there first when another key decided the submission meanwhile, and moves on', async () => {
    review.undoWindowMs = 300;
    const { names, team, spring, submissions } = await openQueue();
    const other = await service.ctx.ops.createKey({ kind: 'brand', brand_id: team.brand.id });
    const user = userEvent.setup();
    await user.keyboard('a');
    // Another reviewer approves the same submission inside the undo window.
    const first = await service.world.api<{ reviewed_at: string }>(
      { ...team, key: other.key },
      'POST',
      `/campaigns/${spring.id}/submissions/${submissions.ana.id}/approve`,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Already reviewed');
    expect(alert).toHaveTextContent(
      `The submission from @${names.ana} was already approved on ${formatDateTime(first.reviewed_at)}. Your decision was not applied.`,
    );
    expect(
      screen.getByText(`Not applied: the submission from @${names.ana} was already reviewed.`),
    ).toBeInTheDocument();
    expect(currentCreator()).toBe(`@${names.ben}`);
    // The counts are read again: whether those read before included the other decision is unknown.
    expect(await screen.findByText('3 submissions waiting for you')).toBeInTheDocument();
    await user.click(
      within(alert).getByRole('button', { name: `Dismiss the notice about @${names.ana}` }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps decisions that could not be sent, counts them, and sends them on Retry', async () => {
    const { names, team, spring, summer, submissions } = await openQueue();
    service.intercept((request) => {
      if (request.method === 'POST') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const user = userEvent.setup();
    await user.keyboard('a');
    await user.keyboard('a');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('2 decisions could not be sent'));
    expect(alert).toHaveTextContent('The service could not be reached');
    expect(screen.getByText('2 decisions not sent yet')).toBeInTheDocument();
    expect(screen.getByText(`Not sent yet: the approval of @${names.ben}.`)).toBeInTheDocument();
    // Never "Approved" while nothing reached the service; the items stay out of the queue.
    expect(screen.queryByText(/^Approved @/)).not.toBeInTheDocument();
    expect(currentCreator()).toBe(`@${names.cy}`);
    // The count follows the queue's state in a later render: wait for it (slow under load).
    expect(await screen.findByText('2 submissions waiting for you')).toBeInTheDocument();
    // First try and the two automatic retries, for each decision.
    expect(decisionPosts()).toHaveLength(6);
    expect((await submissionNow(service, team, spring, submissions.ana)).status).toBe('in_review');

    service.intercept(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText(`Approved @${names.ben}.`)).toBeInTheDocument();
    expect(screen.getByText('All decisions sent')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect((await submissionNow(service, team, spring, submissions.ana)).status).toBe('approved');
    expect((await submissionNow(service, team, summer, submissions.ben)).status).toBe('approved');
    expect(await screen.findByText('2 submissions waiting for you')).toBeInTheDocument();
  });

  it('deciding the last item shows the one before it, not an empty view', async () => {
    const { names } = await openQueue();
    const user = userEvent.setup();
    expect(await creatorAfter(user, 'jjj')).toBe(`@${names.dee}`);
    expect(await creatorAfter(user, 'a')).toBe(`@${names.cy}`);
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Submission 3 of 3',
    );
  });

  it('keeps the submission on screen while another one arrives live', async () => {
    const { names, team, spring } = await openQueue();
    const user = userEvent.setup();
    expect(await creatorAfter(user, 'j')).toBe(`@${names.ben}`);
    await submitTo(service, team, spring, `eve_${tag()}`);
    await waiting('5 submissions waiting for you');
    expect(currentCreator()).toBe(`@${names.ben}`);
  });

  it('filters by campaign and task through the URL, read by the service, folded behind a toggle that counts them', async () => {
    const { names, router, summer } = await openQueue();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A campaign's tasks are offered once a campaign is chosen.
    expect(screen.queryByRole('combobox', { name: 'Task' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), summer.id);
    expect(router.state.location.search).toBe(`?campaign=${summer.id}`);
    expect(await screen.findByText('2 submissions waiting for you (4 in all)')).toBeInTheDocument();
    expect(currentCreator()).toBe(`@${names.ben}`);
    expect(toggle).toHaveAccessibleName(/1 active/);
    const narrowed = service.requests.filter(
      (r) => r.path === '/submissions' && r.url.searchParams.get('campaign_id') === summer.id,
    );
    expect(narrowed).toHaveLength(1);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Task' }),
      summer.tasks![0]!.id,
    );
    await waitFor(() => expect(toggle).toHaveAccessibleName(/2 active/));
    expect(await screen.findByText('2 submissions waiting for you (4 in all)')).toBeInTheDocument();
    expect(
      service.requests.filter(
        (r) =>
          r.path === '/submissions' && r.url.searchParams.get('task_id') === summer.tasks![0]!.id,
      ),
    ).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('4 submissions waiting for you');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
  });

  it('an agency reviewer moves between two brands: each queue is its own, and a pending decision is sent to its brand', async () => {
    review.undoWindowMs = 10_000;
    const t = tag();
    const team = await service.world.agencyTeam({ brandNames: [`North ${t}`, `South ${t}`] });
    const north = team.brands[0]!;
    const south = team.brands[1]!;
    const inNorth = await service.world.campaign(team, 'active', { name: 'North launch' });
    const inSouth = await service.world.campaign(team, 'active', {
      name: 'South launch',
      brand_id: south.id,
    });
    const northItem = await submitTo(service, team, inNorth, `nia_${t}`);
    await submitTo(service, team, inSouth, `sol_${t}`);
    const { router } = renderApp(paths.review.href(north.id), team.key);
    await waiting('1 submission waiting');
    expect(currentCreator()).toBe(`@nia_${t}`);
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(decisionPosts()).toEqual([]);

    await router.navigate(paths.review.href(south.id));
    await waiting('1 submission waiting');
    expect(currentCreator()).toBe(`@sol_${t}`);
    // North's decision went out when its queue closed, to North's campaign.
    await waitFor(() =>
      expect(decisionPosts().map((r) => r.path)).toEqual([
        `/campaigns/${inNorth.id}/submissions/${northItem.id}/approve`,
      ]),
    );
    expect(screen.queryByText(new RegExp(`nia_${t}`))).not.toBeInTheDocument();
    await waitFor(async () =>
      expect((await submissionNow(service, team, inNorth, northItem)).status).toBe('approved'),
    );
  });

  it('shows the waiting count in the navigation', async () => {
    const world = await reviewWorld(service);
    renderApp(paths.campaigns.href(world.team.brand.id), world.team.key);
    expect(
      await screen.findByRole(
        'link',
        { name: 'Review queue 4 waiting for you' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('offers no decision to a key that may not make one, and A does nothing', async () => {
    const world = await reviewWorld(service);
    const reader = await service.ctx.ops.createKey({
      kind: 'brand',
      brand_id: world.team.brand.id,
      scopes: ['campaigns:read'],
    });
    renderApp(paths.review.href(world.team.brand.id), reader.key);
    await waiting('4 submissions waiting for you');
    expect(
      within(region()).getByText(
        'Your access lets you look at submissions, not approve them or request changes.',
      ),
    ).toBeInTheDocument();
    expect(within(region()).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(screen.getByText('4 submissions waiting for you')).toBeInTheDocument();
    expect(decisionPosts()).toEqual([]);
  });

  it('has no accessibility violations axe can find, the feedback box included', async () => {
    const { container } = await openQueue();
    const user = userEvent.setup();
    await within(region()).findByText('My glow routine #ad');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    const inDialog = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(inDialog.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
