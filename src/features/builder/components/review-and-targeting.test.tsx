import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realService } from '#testing/service';
import {
  renderBuilder,
  renderBuilderNamed,
  signedInBrandForEachTest,
  step,
  writesOf,
} from '../test/builder-support';

const service = realService();

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('Targeting and Review steps', { timeout: 20_000 }, () => {
  const brand = signedInBrandForEachTest(service);

  it('blocks saving an unfinished rule and shows its problems in the editor', async () => {
    const { user } = await renderBuilderNamed(brand.props, 'Targeted');
    await user.click(step('Targeting'));
    await user.click(
      await screen.findByRole('radio', { name: 'Only creators who match these rules' }),
    );
    await user.click(step('Basics'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(step('Targeting')).toHaveAttribute('aria-current', 'step'));
    expect(
      screen.getByText('Group 1 has no conditions: add one or remove the group.'),
    ).toBeVisible();
    expect(writesOf(service)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Open to all creators' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('heading', { name: /Campaign page/ });
  });

  it('shows a loading state, then an error with a retry, when the properties do not load', async () => {
    const user = userEvent.setup();
    let fail = true;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A fault: the properties' request hangs, then fails with a 500, until the test lets it.
    service.intercept(async (r) => {
      if (r.path !== '/targeting/properties' || !fail) return undefined;
      await answered;
      return Response.json(
        { error: 500, code: 'internal', message: 'Something broke.' },
        { status: 500 },
      );
    });
    renderBuilder(brand.props);
    await user.click(step('Targeting'));

    expect(screen.getByText('Loading the targeting properties…')).toBeVisible();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The targeting properties could not be loaded',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Who can join' })).toBeVisible();
  });

  it('summarises everything, lists what blocks saving with a way to each field, and warns about publishing', async () => {
    const { user } = await renderBuilderNamed(brand.props, 'Summer glow');
    await user.click(step('Tasks'));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await user.click(step('Review'));

    expect(
      await screen.findByRole('heading', { name: '3 problems to fix before saving' }),
    ).toBeVisible();
    expect(screen.getByText('Open to all creators.')).toBeVisible();
    expect(screen.queryByText('Publishing will need a task')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Task 1 · Platforms/ }));
    expect(step('Tasks')).toHaveAttribute('aria-current', 'step');
    expect(
      within(screen.getByRole('region', { name: 'Task 1' })).getByRole('button', {
        name: 'TikTok',
      }),
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove task 1' }));
    await user.click(step('Review'));
    expect(await screen.findByText('Nothing is missing')).toBeVisible();
    expect(screen.getByText('Publishing will need a task')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit settings' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toHaveFocus();
  });
});
