import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realService } from '#testing/service';
import { renderBuilder, signedInBrandForEachTest, step, writesOf } from '../test/builder-support';

const service = realService();

const card = (n: number) => screen.getByRole('region', { name: `Task ${n}` });
const titles = () =>
  screen
    .getAllByRole('region', { name: /^Task \d+$/ })
    .map((region) => (within(region).getByLabelText('Title') as HTMLInputElement).value);

async function openTasksWith(user: UserEvent, names: string[]) {
  await user.click(step('Tasks'));
  for (const name of names) {
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    const cards = screen.getAllByRole('region', { name: /^Task \d+$/ });
    await user.type(within(cards[cards.length - 1]!).getByLabelText('Title'), name);
  }
}

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('Tasks step', { timeout: 20_000 }, () => {
  const brand = signedInBrandForEachTest(service);

  it('marks nothing wrong on a task nobody has filled in yet, so adding tasks never shifts the page', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['Unboxing']);
    await user.click(screen.getByRole('button', { name: 'Add task' }));

    await waitFor(() => expect(card(2)).toBeInTheDocument());
    expect(within(card(2)).getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(card(1)).getByLabelText('Instructions')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(card(2)).queryByText('Must name at least one platform.')).not.toBeInTheDocument();

    // Leaving a field checks that field.
    await user.click(within(card(2)).getByLabelText('Title'));
    await user.tab();
    await waitFor(() =>
      expect(within(card(2)).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('after a refused save, a task added then is quiet until it is typed in or saved', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['Unboxing']);
    // Refused: the campaign has no name, and the task no instructions or platform.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await user.click(step('Tasks'));
    await waitFor(() =>
      expect(within(card(1)).getByLabelText('Instructions')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(card(2)).toBeInTheDocument());
    // Give react-hook-form's check of the whole list (after an add) its turn.
    await user.click(within(card(2)).getByLabelText('Title'));
    for (const label of ['Title', 'Instructions'])
      expect(within(card(2)).getByLabelText(label)).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(card(2)).queryByText('Required.')).not.toBeInTheDocument();
    expect(within(card(2)).queryByText('Must name at least one platform.')).not.toBeInTheDocument();
    // The first task's problems stay shown.
    expect(within(card(1)).getByLabelText('Instructions')).toHaveAttribute('aria-invalid', 'true');

    // Typing checks the field typed in (after a save, as the user types); saving says the rest.
    await user.type(within(card(2)).getByLabelText('Title'), 'x{Backspace}');
    await waitFor(() =>
      expect(within(card(2)).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(card(2)).getByLabelText('Instructions')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await user.click(step('Tasks'));
    await waitFor(() =>
      expect(within(card(2)).getByLabelText('Instructions')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
  });

  it('shows the autoreview prompt only for automatic review', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['Unboxing']);

    expect(within(card(1)).queryByLabelText('Autoreview prompt')).not.toBeInTheDocument();
    await user.click(within(card(1)).getByRole('radio', { name: 'Automatic review' }));
    expect(within(card(1)).getByLabelText('Autoreview prompt')).toBeVisible();
    await user.click(within(card(1)).getByRole('radio', { name: 'Manual review' }));
    expect(within(card(1)).queryByLabelText('Autoreview prompt')).not.toBeInTheDocument();
  });

  it('offers "Required" only when the completion mode is some_required, and explains it otherwise', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['Unboxing']);

    expect(within(card(1)).queryByRole('checkbox', { name: 'Required' })).not.toBeInTheDocument();
    expect(card(1)).toHaveTextContent(
      'Required: Creators must complete every task. To choose task by task, pick “Required tasks only” under Completion in Settings.',
    );
    expect(card(1)).not.toHaveTextContent(/completion mode|derived/i);

    await user.click(step('Settings'));
    await user.click(screen.getByRole('radio', { name: 'Required tasks only' }));
    await user.click(step('Tasks'));
    expect(within(card(1)).getByRole('checkbox', { name: 'Required' })).toBeChecked();
    expect(card(1)).not.toHaveTextContent('To choose task by task');
  });

  it('toggles platforms and formats as pressed buttons', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['Unboxing']);
    const platforms = within(card(1)).getByRole('group', { name: 'Platforms' });
    const tiktok = within(platforms).getByRole('button', { name: 'TikTok' });

    expect(tiktok).toHaveAttribute('aria-pressed', 'false');
    await user.click(tiktok);
    expect(tiktok).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(tiktok).toHaveAttribute('aria-pressed', 'false');
    const formats = within(card(1)).getByRole('group', { name: 'Formats' });
    await user.click(within(formats).getByRole('button', { name: 'Story video' }));
    expect(within(formats).getByRole('button', { name: 'Story video' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('moves tasks up and down from the keyboard, focus following the moved card', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['One', 'Two', 'Three']);

    within(card(1)).getByRole('button', { name: 'Move task 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Two', 'One', 'Three']);
    expect(within(card(2)).getByRole('button', { name: 'Move task 2 down' })).toHaveFocus();
    expect(screen.getByText('Task moved to position 2 of 3.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Two', 'Three', 'One']);
    // At the bottom "down" is disabled, so focus is on "up".
    expect(within(card(3)).getByRole('button', { name: 'Move task 3 up' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Two', 'One', 'Three']);
    expect(within(card(2)).getByRole('button', { name: 'Move task 2 up' })).toHaveFocus();
    expect(within(card(1)).getByRole('button', { name: 'Move task 1 up' })).toBeDisabled();
  });

  it('duplicates a task below itself as a new task', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['One', 'Two']);
    await user.click(within(card(1)).getByRole('button', { name: 'TikTok' }));

    await user.click(within(card(1)).getByRole('button', { name: 'Duplicate task 1' }));

    expect(titles()).toEqual(['One', 'One (copy)', 'Two']);
    expect(within(card(2)).getByRole('button', { name: 'TikTok' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card(2)).getByLabelText('Title')).toHaveFocus();
  });

  it('removes a task with an undo', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await openTasksWith(user, ['One', 'Two', 'Three']);

    await user.click(within(card(2)).getByRole('button', { name: 'Remove task 2' }));

    expect(titles()).toEqual(['One', 'Three']);
    expect(screen.getByText('Removed “Two”.')).toBeVisible();
    const undo = screen.getByRole('button', { name: 'Undo remove' });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(titles()).toEqual(['One', 'Two', 'Three']);
    await waitFor(() => expect(within(card(2)).getByLabelText('Title')).toHaveFocus());
  });

  it('sends the tasks in their new order after a reorder, with is_required only for some_required', async () => {
    const user = userEvent.setup();
    renderBuilder(brand.props);
    await user.type(screen.getByLabelText('Campaign name'), 'Ordered');
    await user.click(step('Settings'));
    await user.click(screen.getByRole('radio', { name: 'Required tasks only' }));
    await openTasksWith(user, ['One', 'Two']);
    for (const n of [1, 2]) {
      await user.type(within(card(n)).getByLabelText('Instructions'), 'Do it.');
      await user.click(within(card(n)).getByRole('button', { name: 'Instagram' }));
    }
    await user.click(within(card(1)).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(card(2)).getByRole('button', { name: 'Move task 2 up' }));
    await user.click(within(card(1)).getByRole('radio', { name: 'Automatic review' }));
    await user.type(within(card(1)).getByLabelText('Autoreview prompt'), 'Shows the bottle.');
    await user.type(within(card(1)).getByLabelText('Max posts per creator'), '3');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await screen.findByRole('heading', { name: /Campaign page/ });
    const body = writesOf(service)[0]!.body as { tasks: unknown[]; settings: unknown };
    expect(body.tasks).toEqual([
      {
        title: 'Two',
        instructions: 'Do it.',
        platforms: ['instagram'],
        require_ad_disclosure: true,
        review_mode: 'autoreview',
        autoreview_prompt: 'Shows the bottle.',
        is_required: true,
        max_posts_per_creator: 3,
        display_order: 0,
      },
      {
        title: 'One',
        instructions: 'Do it.',
        platforms: ['instagram'],
        require_ad_disclosure: true,
        review_mode: 'media_review',
        is_required: false,
        display_order: 1,
      },
    ]);
  });
});
