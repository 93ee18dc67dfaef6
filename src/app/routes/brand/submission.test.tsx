import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Submission } from '#contract/submissions';
import { describe, expect, it } from 'vitest';
import { paths } from '#config/paths';
import { submitTo } from '#features/review/test/review-world';
import { renderApp } from '#test/app';
import { brandWithActiveCampaign, tag } from '#test/world';
import { realService } from '#testing/service';

// One submission's page (docs/decisions/0164), reached from Activity, against the real service.

configure({ asyncUtilTimeout: 8000 });

const service = realService();
const rules = { rules: { 'color-contrast': { enabled: false } } };

/**
 * A brand with a reviewer (Maya Chen) and an active campaign: @zoe's submission was sent back with
 * feedback and a note, and her revision waits; @ava's was approved.
 */
async function submissionWorld() {
  const { world } = service;
  const { team, campaign, t } = await brandWithActiveCampaign(service, 'One submission', {
    name: 'Summer glow',
  });
  const reviewer = await world.member(team, 'reviewer', { name: 'Maya Chen' });
  const asReviewer = { ...team, key: reviewer.token };
  const zoe = await submitTo(service, team, campaign, `zoe_${t}`);
  await world.api(asReviewer, 'POST', `/campaigns/${campaign.id}/submissions/${zoe.id}/reject`, {
    feedback: 'Show the label.',
    notes: [{ text: 'The label is hidden.', at_s: null, item: null }],
  });
  const revised = await world.ops<Submission>('POST', `/ops/submissions/${zoe.id}/revise`, {
    media_url: `https://cdn.example.com/zoe_${t}-2.mp4`,
  });
  const ava = await submitTo(service, team, campaign, `ava_${t}`);
  await world.approveSubmission(asReviewer, campaign.id, ava.id);
  return { team, campaign, reviewer, zoe: revised, ava, t };
}

describe('a submission’s page', { timeout: 40_000 }, () => {
  it('is linked from Activity: who sent it, its status, media, feedback and notes, every version and its history', async () => {
    const { team, campaign, reviewer, zoe, t } = await submissionWorld();
    const user = userEvent.setup();
    const { router } = renderApp(paths.activity.href(team.brand.id), reviewer.token);
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const rejected = await within(list).findByText(
      (_, el) =>
        el?.tagName === 'P' &&
        el.textContent === `Maya Chen (reviewer) requested changes to @zoe_${t}’s submission`,
    );
    const line = rejected.closest('li')!;
    // The campaign link stays; the submission has its own.
    expect(within(line).getByRole('link', { name: campaign.name })).toBeInTheDocument();
    const link = within(line).getByRole('link', { name: `View @zoe_${t}’s submission` });
    expect(link).toHaveAttribute('href', paths.submission.href(team.brand.id, campaign.id, zoe.id));
    await user.click(link);

    expect(
      await screen.findByRole('heading', { level: 1, name: `@zoe_${t}’s submission` }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      paths.submission.href(team.brand.id, campaign.id, zoe.id),
    );
    const page = screen.getByRole('region', { name: 'Submission' });
    expect(within(page).getByText('In review')).toBeInTheDocument();
    expect(within(page).getByText('Waiting for a decision.')).toBeInTheDocument();
    expect(within(page).getByText('Revision 1')).toBeInTheDocument();
    expect(within(page).getByText('Show the label.', { selector: 'p' })).toBeInTheDocument();
    const notes = within(page).getByRole('region', { name: 'Notes' });
    expect(notes).toHaveTextContent('The label is hidden.');
    expect(within(page).getByLabelText(`Video by zoe_${t}`)).toBeInTheDocument();
    // Every version, newest first, with what was decided about it and by whom.
    const versions = within(page).getByRole('region', { name: 'Versions' });
    const rows = await within(versions).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Revision 1 sent .* Not decided yet\.$/),
      expect.stringMatching(
        /^First submission sent .*Changes requested on .* by Maya Chen \(reviewer\)Show the label\.$/,
      ),
    ]);
    // Its history; the reviewer may decide it: the queue with its campaign.
    expect(
      await within(page).findByText(
        (_, el) =>
          el?.textContent === 'Changes requested by Maya Chen (reviewer)' && el.tagName === 'P',
      ),
    ).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Review it in the queue' })).toHaveAttribute(
      'href',
      `${paths.review.href(team.brand.id)}?campaign=${campaign.id}`,
    );
    expect(screen.getByRole('link', { name: campaign.name })).toHaveAttribute(
      'href',
      paths.campaign.href(team.brand.id, campaign.id),
    );
    const results = await axe.run(document.body, rules);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });

  it('offers no review to a decided submission nor to someone who may only read', async () => {
    const { team, campaign, zoe, ava, t } = await submissionWorld();
    const reader = await service.ctx.ops.createKey({
      kind: 'brand',
      brand_id: team.brand.id,
      scopes: ['campaigns:read'],
    });
    const { router } = renderApp(
      paths.submission.href(team.brand.id, campaign.id, zoe.id),
      reader.key,
    );
    await screen.findByRole('heading', { level: 1, name: `@zoe_${t}’s submission` });
    expect(screen.getByText('Waiting for a decision.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review it in the queue' })).toBeNull();
    await router.navigate(paths.submission.href(team.brand.id, campaign.id, ava.id));
    await screen.findByRole('heading', { level: 1, name: `@ava_${t}’s submission` });
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    expect(screen.queryByText('Waiting for a decision.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Review it in the queue' })).toBeNull();
  });

  it('says whom it waits for on the brand’s side of a sign-off, and opens the agency’s view of the queue', async () => {
    const t = tag();
    const agency = await service.world.agencyTeam({ brandNames: [`Glow ${t}`] });
    const brandKey = await service.ctx.ops.createKey({ kind: 'brand', brand_id: agency.brand.id });
    const campaign = await service.world.campaign(agency, 'active', {
      name: 'Spring launch',
      settings: { brand_approval_required: true },
    });
    const ana = await submitTo(service, agency, campaign, `ana_${t}`);
    renderApp(paths.submission.href(agency.brand.id, campaign.id, ana.id), brandKey.key);
    await screen.findByRole('heading', { level: 1, name: `@ana_${t}’s submission` });
    expect(screen.getByText('Waiting for your agency’s review.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review it in the queue' })).toHaveAttribute(
      'href',
      `${paths.review.href(agency.brand.id)}?view=agency&campaign=${campaign.id}`,
    );
  });

  it('an unknown submission, or a link that is not one, is a tidy “not found”', async () => {
    const { team, campaign } = await submissionWorld();
    const { router } = renderApp(
      paths.submission.href(team.brand.id, campaign.id, crypto.randomUUID()),
      team.key,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Submission not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Activity' })).toHaveAttribute(
      'href',
      paths.activity.href(team.brand.id),
    );
    await router.navigate(paths.submission.href(team.brand.id, campaign.id, 'not-an-id'));
    await waitFor(() => expect(document.title).toContain('Submission not found'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Submission not found' }),
    ).toBeInTheDocument();
  });
});
