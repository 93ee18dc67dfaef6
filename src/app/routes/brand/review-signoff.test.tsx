import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Submission } from '#contract/submissions';
import { realService } from '#testing/service';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { reviewScreenTests, submissionNow, submitTo } from '#features/review/test/review-world';
import { review } from '#features/review/use-decisions';
import { formatDateTime } from '#lib/format';
import { renderApp } from '#test/app';
import { tag } from '#test/world';

// The brand's sign-off after its agency (docs/review-bar.md#sign-off) and the failed submissions, on the
// review screen, against the real service.

configure({ asyncUtilTimeout: 8000 });

const service = realService();

const { region, currentCreator, decisionPosts } = reviewScreenTests(service, { undoWindowMs: 50 });
const tab = (name: RegExp) => screen.getByRole('tab', { name });

/**
 * An agency managing one brand, with a campaign whose brand signs off: @ana, @ben and @cy sent
 * (oldest first); the agency approved @ben's and @cy's, so they wait for the brand. A brand key
 * for the brand's side.
 */
async function signOffWorld() {
  const t = tag();
  const names = { ana: `ana_${t}`, ben: `ben_${t}`, cy: `cy_${t}` };
  const agency = await service.world.agencyTeam({ brandNames: [`Glow ${t}`] });
  const brandKey = await service.ctx.ops.createKey({ kind: 'brand', brand_id: agency.brand.id });
  const brand = { ...agency, key: brandKey.key, keyId: brandKey.id };
  const campaign = await service.world.campaign(agency, 'active', {
    name: 'Spring launch',
    settings: { brand_approval_required: true },
  });
  const ana = await submitTo(service, agency, campaign, names.ana);
  const ben = await submitTo(service, agency, campaign, names.ben);
  const cy = await submitTo(service, agency, campaign, names.cy);
  const approvedByAgency: Submission[] = [];
  for (const s of [ben, cy]) {
    approvedByAgency.push(
      await service.world.api<Submission>(
        agency,
        'POST',
        `/campaigns/${campaign.id}/submissions/${s.id}/approve`,
      ),
    );
  }
  return { agency, brand, campaign, names, submissions: { ana, ben, cy }, approvedByAgency };
}

/** Fails a submission through /ops as the platform does, with its reason. */
function fail(submission: Submission, reason: string) {
  return service.world.ops<Submission>('POST', `/ops/submissions/${submission.id}/fail`, {
    reason,
  });
}

describe('the brand’s sign-off', { timeout: 30_000 }, () => {
  it('the agency’s queue holds what waits for the agency, counted so in the navigation, and an approval hands it to the brand', async () => {
    const { agency, campaign, names, submissions } = await signOffWorld();
    renderApp(paths.review.href(agency.brand.id), agency.key);
    await screen.findByText('1 submission waiting');
    expect(currentCreator()).toBe(`@${names.ana}`);
    expect(
      within(region()).getByText('Waiting for the agency’s review; the brand signs off after it.'),
    ).toBeInTheDocument();
    // Only the brand signs off: no such view for the agency, and its badge counts its own queue.
    expect(screen.queryByRole('tab', { name: /Sign-off/ })).not.toBeInTheDocument();
    expect(tab(/^Waiting/)).toHaveAccessibleName('Waiting 1');
    expect(screen.getByRole('link', { name: 'Review queue 1 waiting' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.keyboard('a');
    expect(await screen.findByText(`Approved @${names.ana}.`)).toBeInTheDocument();
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    const handed = await submissionNow(service, agency, campaign, submissions.ana);
    expect(handed).toMatchObject({ status: 'in_review', awaiting: 'brand' });
    // It stays out of the agency's queue once the service answers.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Review queue \d+ waiting/ })).toBeNull(),
    );
    expect(screen.getByText('0 submissions waiting')).toBeInTheDocument();
  });

  it('the brand signs off from its Sign-off view with the keyboard: who approved and when, A approves, R requests changes', async () => {
    const { brand, agency, campaign, names, submissions, approvedByAgency } = await signOffWorld();
    const { router } = renderApp(paths.review.href(brand.brand.id), brand.key);
    // The brand's queue is what waits for the brand: @ana still waits for the agency.
    await screen.findByText('2 submissions waiting for you');
    expect(tab(/^Sign-off/)).toHaveAccessibleName('Sign-off 2');
    expect(tab(/^With the agency/)).toHaveAccessibleName('With the agency 1');
    expect(
      screen.getByRole('link', { name: 'Review queue 2 waiting for you' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(tab(/^Sign-off/));
    expect(router.state.location.search).toBe('?view=signoff');
    await waitFor(() => expect(tab(/^Sign-off/)).toHaveAttribute('aria-selected', 'true'));
    await screen.findByText('2 submissions waiting for your sign-off');
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Submission 1 of 2',
    );
    expect(currentCreator()).toBe(`@${names.ben}`);
    const prefix = (await service.world.api<{ key: { prefix: string } }>(agency, 'GET', '/me')).key
      .prefix;
    expect(
      within(region()).getByText(/Waiting for the brand’s sign-off/).parentElement,
    ).toHaveTextContent(
      `Waiting for the brand’s sign-off. Approved by the agency (key ${prefix}…) on ${formatDateTime(approvedByAgency[0]!.agency_approved_at)}.`,
    );

    await user.keyboard('a');
    expect(currentCreator()).toBe(`@${names.cy}`);
    expect(await screen.findByText(`Approved @${names.ben}.`)).toBeInTheDocument();
    expect(await submissionNow(service, brand, campaign, submissions.ben)).toMatchObject({
      status: 'approved',
      awaiting: null,
    });
    expect(tab(/^Sign-off/)).toHaveAccessibleName('Sign-off 1');
    expect(tab(/^Waiting/)).toHaveAccessibleName('Waiting for you 1');

    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Feedback to the creator' }),
      'Show the label.{Enter}',
    );
    expect(await screen.findByText(`Changes requested from @${names.cy}.`)).toBeInTheDocument();
    expect(await submissionNow(service, brand, campaign, submissions.cy)).toMatchObject({
      status: 'rejected',
      feedback: 'Show the label.',
    });
    expect(await screen.findByText('Nothing to sign off')).toBeInTheDocument();
    expect(
      screen.getByText('Submissions your agency approved appear here for your sign-off.'),
    ).toBeInTheDocument();
    expect(tab(/^Sign-off/)).toHaveAccessibleName('Sign-off 0');
    expect(decisionPosts().map((r) => r.path)).toEqual([
      `/campaigns/${campaign.id}/submissions/${submissions.ben.id}/approve`,
      `/campaigns/${campaign.id}/submissions/${submissions.cy.id}/reject`,
    ]);
  });

  it('a decision in its undo window survives a change of view, and Undo puts it back', async () => {
    review.undoWindowMs = 3000;
    const { brand, names, campaign, submissions } = await signOffWorld();
    renderApp(`${paths.review.href(brand.brand.id)}?view=signoff`, brand.key);
    await screen.findByText('2 submissions waiting for your sign-off');
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(tab(/^Sign-off/)).toHaveAccessibleName('Sign-off 1');
    await user.click(tab(/^Waiting/));
    await screen.findByText('1 submission waiting for you');
    expect(decisionPosts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await screen.findByText('2 submissions waiting for you');
    expect(
      screen.getByText(`Undone: @${names.ben}’s submission is back in the queue.`),
    ).toBeInTheDocument();
    await user.click(tab(/^Sign-off/));
    await screen.findByText('2 submissions waiting for your sign-off');
    expect(currentCreator()).toBe(`@${names.ben}`);
    // The positive control instead of waiting out the window: @cy's approval, made later with the
    // same window, is sent after the undone decision's window ended; it is the only one sent.
    await user.keyboard('j');
    expect(currentCreator()).toBe(`@${names.cy}`);
    await user.keyboard('a');
    await waitFor(() => expect(decisionPosts()).toHaveLength(1));
    expect(decisionPosts().map((r) => r.path)).toEqual([
      `/campaigns/${campaign.id}/submissions/${submissions.cy.id}/approve`,
    ]);
  });

  it('what waits for the agency is its own view, saying so; the brand decides there only after confirming it skips the agency, from the keyboard', async () => {
    review.undoWindowMs = 3000;
    const { brand, campaign, names, submissions } = await signOffWorld();
    const { router } = renderApp(paths.review.href(brand.brand.id), brand.key);
    await screen.findByText('2 submissions waiting for you');
    const user = userEvent.setup();
    await user.click(tab(/^With the agency/));
    expect(router.state.location.search).toBe('?view=agency');
    await screen.findByText('1 submission with the agency');
    expect(currentCreator()).toBe(`@${names.ana}`);
    expect(within(region()).getByText('Waiting for your agency’s review.')).toBeInTheDocument();

    // A asks first; Escape cancels, nothing is decided, the queue keeps the focus.
    region().focus();
    await user.keyboard('a');
    const ask = await screen.findByRole('alertdialog', { name: 'Decide before your agency?' });
    expect(ask).toHaveTextContent(
      `This skips your agency’s review: your approval of @${names.ana}’s submission is final.`,
    );
    expect(within(ask).getByRole('button', { name: 'Approve anyway' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(region()).toHaveFocus());
    expect(currentCreator()).toBe(`@${names.ana}`);

    // A again, Enter confirms: decided (undoable), the focus stays with the queue.
    await user.keyboard('a');
    await screen.findByRole('alertdialog', { name: 'Decide before your agency?' });
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Nothing with the agency')).toBeInTheDocument();
    await waitFor(() => expect(region()).toHaveFocus());
    expect(tab(/^With the agency/)).toHaveAccessibleName('With the agency 0');
    // U takes it back, and the screen says so.
    await user.keyboard('u');
    expect(
      await screen.findByText(`Undone: @${names.ana}’s submission is back in the queue.`),
    ).toBeInTheDocument();
    expect(currentCreator()).toBe(`@${names.ana}`);
    expect(decisionPosts()).toEqual([]);

    // R asks first too, then the feedback box; the brand's rejection is final.
    await user.keyboard('r');
    const askAgain = await screen.findByRole('alertdialog', { name: 'Decide before your agency?' });
    expect(askAgain).toHaveTextContent(
      `${names.ana}’s submission goes back to the creator with your feedback.`,
    );
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    const box = within(dialog).getByRole('textbox', { name: 'Feedback to the creator' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Show the label.{Enter}');
    expect(
      await screen.findByText(`Changes requested from @${names.ana}.`, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await submissionNow(service, brand, campaign, submissions.ana)).toMatchObject({
      status: 'rejected',
      feedback: 'Show the label.',
      awaiting: null,
    });
    expect(decisionPosts().map((r) => r.path)).toEqual([
      `/campaigns/${campaign.id}/submissions/${submissions.ana.id}/reject`,
    ]);
  });

  it('with the mouse: Approve asks first, Cancel gives the focus back to Approve, and a confirmed approval is final', async () => {
    const { brand, campaign, names, submissions } = await signOffWorld();
    renderApp(`${paths.review.href(brand.brand.id)}?view=agency`, brand.key);
    await screen.findByText('1 submission with the agency');
    const user = userEvent.setup();
    const approve = within(region()).getByRole('button', { name: /Approve/ });
    await user.click(approve);
    const ask = await screen.findByRole('alertdialog', { name: 'Decide before your agency?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(approve).toHaveFocus());
    expect(decisionPosts()).toEqual([]);
    await user.click(approve);
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Decide before your agency?' }),
      ).getByRole('button', { name: 'Approve anyway' }),
    );
    expect(await screen.findByText(`Approved @${names.ana}.`)).toBeInTheDocument();
    expect(await submissionNow(service, brand, campaign, submissions.ana)).toMatchObject({
      status: 'approved',
      awaiting: null,
    });
  });

  it('a brand without a sign-off step has no Sign-off view', async () => {
    const team = await service.world.brandTeam({ name: `Solo ${tag()}` });
    const campaign = await service.world.campaign(team, 'active');
    await submitTo(service, team, campaign, `solo_${tag()}`);
    renderApp(paths.review.href(team.brand.id), team.key);
    await screen.findByText('1 submission waiting for you');
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(tab(/^Waiting/)).toHaveAccessibleName('Waiting for you 1');
    expect(tab(/^Failed/)).toHaveAccessibleName('Failed 0');
  });
});

describe('failed submissions', { timeout: 30_000 }, () => {
  it('are listed in the Failed view with the reason in words, oldest first, and counted', async () => {
    const { brand, campaign, names, submissions } = await signOffWorld();
    await fail(submissions.ana, 'duration: 212 s, TikTok story allows 60 s');
    await fail(submissions.cy, 'The video could not be processed (unsupported codec).');
    const { router } = renderApp(paths.review.href(brand.brand.id), brand.key);
    await screen.findByText('1 submission waiting for you');
    expect(tab(/^Failed/)).toHaveAccessibleName('Failed 2');
    const user = userEvent.setup();
    await user.click(tab(/^Failed/));
    expect(router.state.location.search).toBe('?view=failed');
    await screen.findByText('2 failed submissions');
    const list = screen.getByRole('list', { name: 'Failed submissions' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      `@${names.ana}`,
      `@${names.cy}`,
    ]);
    expect(items[0]).toHaveTextContent(
      'Failed. Duration check failed: 212 s, TikTok story allows 60 s',
    );
    expect(items[0]).toHaveTextContent(campaign.name);
    expect(items[1]).toHaveTextContent(
      'Failed. The video could not be processed (unsupported codec).',
    );
    expect(within(items[0]!).getByRole('link', { name: /Open the media/ })).toHaveAttribute(
      'href',
      `https://cdn.example.com/${names.ana}.mp4`,
    );
    // Nothing to decide here: the decision keys do nothing.
    await user.keyboard('a');
    expect(screen.queryByRole('region', { name: 'Current submission' })).toBeNull();
    expect(decisionPosts()).toEqual([]);
  });

  it('a failure arriving while the view is open shows up (live events)', async () => {
    const { brand, names, submissions } = await signOffWorld();
    renderApp(`${paths.review.href(brand.brand.id)}?view=failed`, brand.key);
    expect(await screen.findByText('No failed submissions')).toBeInTheDocument();
    await fail(submissions.ana, 'playable: the file has no movie header');
    expect(
      await screen.findByText(
        'Playable check failed: the file has no movie header',
        {},
        { timeout: 12_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `@${names.ana}` })).toBeInTheDocument();
    expect(tab(/^Failed/)).toHaveAccessibleName('Failed 1');
  });

  it('the sign-off, agency and failed views have no accessibility violations axe can find', async () => {
    const { brand, submissions } = await signOffWorld();
    await fail(submissions.ana, 'duration: 212 s, TikTok story allows 60 s');
    const { container } = renderApp(`${paths.review.href(brand.brand.id)}?view=signoff`, brand.key);
    await screen.findByText('2 submissions waiting for your sign-off');
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    const signOff = await axe.run(container, rules);
    expect(signOff.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    const user = userEvent.setup();
    await user.click(tab(/^With the agency/));
    await screen.findByText('0 submissions with the agency');
    const agency = await axe.run(container, rules);
    expect(agency.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    await user.click(tab(/^Failed/));
    await screen.findByText('1 failed submission');
    const failed = await axe.run(container, rules);
    expect(failed.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
