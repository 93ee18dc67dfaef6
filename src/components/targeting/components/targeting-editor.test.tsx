import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Targeting } from '#contract/targeting';
import { allOf, anyOf, AUDIENCE_OR_BEAUTY, PROPERTIES, VALUES } from '../test-fixtures';
import type { UseTargetingValues } from '../targeting-values';
import { validateTargeting } from '../validate-targeting';
import { TargetingEditor, type TargetingEditorProps } from './targeting-editor';

const useFixtureValues: UseTargetingValues = (propertyId) => ({
  data: VALUES[propertyId],
  isLoading: false,
  error: null,
});

// The editor is controlled: this parent keeps the value, as react-hook-form's Controller would.
function Harness({
  initial,
  onChange,
  ...props
}: Partial<Omit<TargetingEditorProps, 'value' | 'onChange'>> & {
  initial: Targeting | null;
  onChange: (next: Targeting | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TargetingEditor
      properties={PROPERTIES}
      useValues={useFixtureValues}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderEditor(initial: Targeting | null, props: Partial<TargetingEditorProps> = {}) {
  const onChange = vi.fn<(next: Targeting | null) => void>();
  const user = userEvent.setup();
  const view = render(<Harness initial={initial} onChange={onChange} {...props} />);
  const lastValue = () => onChange.mock.lastCall?.[0];
  return { ...view, user, onChange, lastValue };
}

// jsdom has no keyboard behaviour for a closed <select>; browsers move to the next or previous
// option on ArrowDown/ArrowUp and fire `change`. This stands in for the browser, nothing more.
function nativeSelectKeys(event: KeyboardEvent) {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || event.defaultPrevented) return;
  const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
  if (step === 0) return;
  event.preventDefault();
  let index = select.selectedIndex + step;
  while (select.options[index]?.disabled) index += step;
  if (index < 0 || index >= select.options.length) return;
  select.selectedIndex = index;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

beforeEach(() => document.addEventListener('keydown', nativeSelectKeys));
afterEach(() => document.removeEventListener('keydown', nativeSelectKeys));

async function tabTo(user: UserEvent, element: HTMLElement, { backwards = false } = {}) {
  for (let i = 0; i < 80 && document.activeElement !== element; i++) {
    await user.tab({ shift: backwards });
  }
  expect(element).toHaveFocus();
}

async function chooseByKeyboard(user: UserEvent, select: HTMLElement, label: string) {
  if (!(select instanceof HTMLSelectElement)) throw new Error('not a select');
  expect(select).toHaveFocus();
  const target = [...select.options].findIndex((option) => option.text === label);
  expect(target).toBeGreaterThan(-1);
  for (let i = 0; i < 20 && select.selectedIndex !== target; i++) {
    await user.keyboard(select.selectedIndex < target ? '{ArrowDown}' : '{ArrowUp}');
  }
  expect(select.selectedIndex).toBe(target);
}

/** From the keyboard: adds condition `n` to `group` and chooses its property. */
async function addConditionByKeyboard(user: UserEvent, group: string, n: number, property: string) {
  await tabTo(user, screen.getByRole('button', { name: `Add condition to group ${group}` }));
  await user.keyboard('{Enter}');
  await chooseByKeyboard(
    user,
    screen.getByRole('combobox', { name: `Property, condition ${n} in group ${group}` }),
    property,
  );
}

/** Expects the control of `role` named `name` to be described by `description` (its issue). */
const expectDescribed = (
  role: Parameters<typeof screen.getByRole>[0],
  name: string,
  description: string,
) => expect(screen.getByRole(role, { name })).toHaveAccessibleDescription(description);

const readsAs = () => {
  const region = document.querySelector('[aria-live="polite"]');
  expect(region).not.toBeNull();
  return region!.textContent;
};

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    // jsdom does no layout, so contrast cannot be measured here (the e2e journeys do it).
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe('TargetingEditor', () => {
  it('emits null when "Open to all creators" is chosen, and restores the put-aside rules on the way back', async () => {
    const { user, onChange, lastValue } = renderEditor(AUDIENCE_OR_BEAUTY);

    await user.click(screen.getByRole('radio', { name: 'Open to all creators' }));

    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('group', { name: 'Group 1: Audience' })).not.toBeInTheDocument();
    expect(readsAs()).toBe('Reads as: Open to all creators.');

    await user.click(screen.getByRole('radio', { name: 'Only creators who match these rules' }));

    expect(lastValue()).toStrictEqual(AUDIENCE_OR_BEAUTY);
    expect(screen.getByRole('group', { name: 'Group 1: Audience' })).toBeInTheDocument();
  });

  it('starts rules with one empty group', async () => {
    const { user, lastValue } = renderEditor(null);
    expect(screen.getByRole('radio', { name: 'Open to all creators' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Only creators who match these rules' }));

    expect(lastValue()).toStrictEqual({
      root_operator: 'AND',
      groups: [{ operator: 'AND', conditions: [] }],
    });
    expect(screen.getByRole('group', { name: 'Group 1' })).toBeInTheDocument();
  });

  it('builds a two-group rule from the keyboard alone, sending opaque values and a "<min>-<max>" range', async () => {
    const { user, lastValue, container } = renderEditor(null);

    await user.tab();
    expect(screen.getByRole('radio', { name: 'Open to all creators' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(
      screen.getByRole('radio', { name: 'Only creators who match these rules' }),
    ).toBeChecked();

    // Group 1: named, Country is United States or Canada, Follower count 10,000-100,000.
    await tabTo(user, screen.getByRole('textbox', { name: 'Name of group 1 (optional)' }));
    await user.keyboard('Audience');
    await addConditionByKeyboard(user, 'Audience', 1, 'Country');
    await user.tab();
    expect(
      screen.getByRole('combobox', { name: 'Operator, condition 1 in group Audience' }),
    ).toHaveFocus();
    await user.tab();
    const countryValues = screen.getByRole('button', {
      name: 'Values, condition 1 in group Audience: Choose values',
    });
    expect(countryValues).toHaveFocus();
    await user.keyboard('{Enter}');
    const search = screen.getByRole('searchbox', {
      name: 'Search Country values, condition 1 in group Audience',
    });
    expect(search).toHaveFocus();
    await user.keyboard('states');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'United States' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab({ shift: true });
    await user.keyboard('{Control>}a{/Control}canada');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Canada' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Escape}');
    expect(
      screen.getByRole('button', {
        name: 'Values, condition 1 in group Audience: United States, Canada',
      }),
    ).toHaveFocus();

    await addConditionByKeyboard(user, 'Audience', 2, 'Follower count');
    await tabTo(
      user,
      screen.getByRole('textbox', { name: 'Minimum, condition 2 in group Audience' }),
    );
    await user.keyboard('10000');
    await user.tab();
    expect(
      screen.getByRole('textbox', { name: 'Maximum, condition 2 in group Audience' }),
    ).toHaveFocus();
    await user.keyboard('100000');

    // Group 2: Niche is Beauty.
    await tabTo(user, screen.getByRole('button', { name: 'Add group' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Name of group 2 (optional)' })).toHaveFocus();
    await user.keyboard('Beauty fans');
    await addConditionByKeyboard(user, 'Beauty fans', 1, 'Niche');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard('beau');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Beauty' })).toHaveFocus();
    await user.keyboard(' {Escape}');

    // Either group may let a creator in.
    await tabTo(user, screen.getByRole('radio', { name: 'Match ALL groups' }), { backwards: true });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Match ANY group' })).toBeChecked();

    expect(lastValue()).toStrictEqual(AUDIENCE_OR_BEAUTY);
    expect(readsAs()).toBe(
      'Reads as: Creators where (Country is United States or Canada and Follower count is between 10,000 and 100,000) or (Niche is Beauty).',
    );
    await expectNoAxeViolations(container);
  });

  it('moves groups with their buttons and keeps focus on the moved button', async () => {
    const { user, lastValue } = renderEditor(AUDIENCE_OR_BEAUTY);

    await user.click(screen.getByRole('button', { name: 'Move group Beauty fans up' }));

    expect(lastValue()?.groups.map((g) => g.name)).toEqual(['Beauty fans', 'Audience']);
    const up = screen.getByRole('button', { name: 'Move group Beauty fans up' });
    expect(up).toHaveFocus();
    expect(up).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('group', { name: 'Group 1: Beauty fans' })).toContainElement(up);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Move group Beauty fans down' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(lastValue()?.groups.map((g) => g.name)).toEqual(['Audience', 'Beauty fans']);
    const down = screen.getByRole('button', { name: 'Move group Beauty fans down' });
    expect(down).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Group 2: Beauty fans' })).toContainElement(down);

    // At the edge the button says so and does nothing, and focus stays put.
    await user.keyboard('{Enter}');
    expect(lastValue()?.groups.map((g) => g.name)).toEqual(['Audience', 'Beauty fans']);
    expect(down).toHaveFocus();
  });

  it('moves conditions with their buttons and keeps focus on the moved button', async () => {
    const { user, lastValue } = renderEditor(AUDIENCE_OR_BEAUTY);

    await user.click(
      screen.getByRole('button', {
        name: 'Move condition 2 (Follower count) in group Audience up',
      }),
    );

    expect(lastValue()?.groups[0]?.conditions.map((c) => c.property)).toEqual([
      'prop_followers',
      'prop_country',
    ]);
    expect(
      screen.getByRole('button', {
        name: 'Move condition 1 (Follower count) in group Audience up',
      }),
    ).toHaveFocus();

    await user.tab();
    await user.keyboard('{Enter}');

    expect(lastValue()?.groups[0]?.conditions.map((c) => c.property)).toEqual([
      'prop_country',
      'prop_followers',
    ]);
    expect(
      screen.getByRole('button', {
        name: 'Move condition 2 (Follower count) in group Audience down',
      }),
    ).toHaveFocus();
  });

  it('keeps what was typed in a row when the row moves', async () => {
    const { user, lastValue } = renderEditor(AUDIENCE_OR_BEAUTY);
    const min = screen.getByRole('textbox', { name: 'Minimum, condition 2 in group Audience' });
    await user.clear(min);
    await user.type(min, '5,000');

    await user.click(
      screen.getByRole('button', {
        name: 'Move condition 2 (Follower count) in group Audience up',
      }),
    );

    expect(lastValue()?.groups[0]?.conditions[0]?.values).toEqual(['5000-100000']);
    expect(
      screen.getByRole('textbox', { name: 'Minimum, condition 1 in group Audience' }),
    ).toHaveValue('5,000');
  });

  it('moves focus to a neighbour after a remove: the next row, else the add button', async () => {
    const { user, lastValue } = renderEditor(AUDIENCE_OR_BEAUTY);

    await user.click(
      screen.getByRole('button', { name: 'Remove condition 1 (Country) in group Audience' }),
    );
    expect(lastValue()?.groups[0]?.conditions).toEqual([
      { property: 'prop_followers', operator: 'IN', values: ['10000-100000'] },
    ]);
    expect(
      screen.getByRole('combobox', { name: 'Property, condition 1 in group Audience' }),
    ).toHaveFocus();

    await user.click(
      screen.getByRole('button', { name: 'Remove condition 1 (Follower count) in group Audience' }),
    );
    expect(screen.getByRole('button', { name: 'Add condition to group Audience' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove group Audience' }));
    expect(lastValue()?.groups.map((g) => g.name)).toEqual(['Beauty fans']);
    expect(screen.getByRole('textbox', { name: 'Name of group 1 (optional)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove group Beauty fans' }));
    expect(lastValue()).toStrictEqual({ root_operator: 'OR', groups: [] });
    expect(screen.getByRole('button', { name: 'Add group' })).toHaveFocus();
  });

  it('shows an error when the minimum is above the maximum, and when a number is below 0', async () => {
    const { user, lastValue } = renderEditor(
      allOf({ property: 'prop_followers', operator: 'NOT_IN', values: [] }),
    );
    const min = screen.getByRole('textbox', { name: 'Minimum, condition 1 in group 1' });
    const max = screen.getByRole('textbox', { name: 'Maximum, condition 1 in group 1' });

    await user.type(min, '500');
    await user.type(max, '100');
    expect(
      screen.queryByText('The minimum must not be above the maximum.'),
    ).not.toBeInTheDocument();
    await user.tab();

    expect(min).toHaveAccessibleDescription('The minimum must not be above the maximum.');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(lastValue()?.groups[0]?.conditions[0]).toEqual({
      property: 'prop_followers',
      operator: 'NOT_IN',
      values: ['500-100'],
    });

    await user.clear(min);
    await user.type(min, '-5');
    expect(min).toHaveAccessibleDescription('The minimum can’t be below 0.');
    expect(lastValue()?.groups[0]?.conditions[0]?.values).toEqual([]);

    await user.clear(min);
    await user.type(min, '50');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(lastValue()?.groups[0]?.conditions[0]?.values).toEqual(['50-100']);
    expect(readsAs()).toBe('Reads as: Creators where Follower count is not between 50 and 100.');
  });

  it('shows a property it does not know read-only with its raw id, and lets it be removed', async () => {
    const { user, lastValue } = renderEditor(
      anyOf(
        { property: 'prop_retired', operator: 'NOT_IN', values: ['r_1', 'r_2'] },
        { property: 'prop_niche', operator: 'IN', values: ['n_gaming', 'n_gone'] },
      ),
    );

    const row = screen.getByRole('group', { name: 'Condition 1' });
    expect(row).toHaveTextContent('Unknown property prop_retired is none of r_1, r_2');
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    // A value the list no longer offers stays chosen and visible until someone unticks it.
    await user.click(
      screen.getByRole('button', { name: 'Values, condition 2 in group 1: Gaming, n_gone' }),
    );
    expect(screen.getByRole('checkbox', { name: 'n_gone (no longer offered)' })).toBeChecked();

    await user.click(
      screen.getByRole('button', { name: 'Remove condition 1 (prop_retired) in group 1' }),
    );

    expect(lastValue()?.groups[0]?.conditions).toEqual([
      { property: 'prop_niche', operator: 'IN', values: ['n_gaming', 'n_gone'] },
    ]);
  });

  it('shows the issues of validateTargeting where they point, with no axe violations', async () => {
    const draft: Targeting = {
      root_operator: 'AND',
      groups: [
        {
          name: 'Audience',
          operator: 'AND',
          conditions: [
            { property: '', operator: 'IN', values: [] },
            { property: 'prop_country', operator: 'IN', values: [] },
            { property: 'prop_followers', operator: 'IN', values: ['100-5'] },
            { property: 'prop_retired', operator: 'IN', values: ['x'] },
          ],
        },
        { operator: 'OR', conditions: [] },
      ],
    };
    const { user, container } = renderEditor(draft, {
      errors: validateTargeting(draft, PROPERTIES),
    });

    expectDescribed(
      'combobox',
      'Property, condition 1 in group Audience',
      'Condition 1 in group 1: choose a property.',
    );
    expectDescribed(
      'button',
      'Values, condition 2 in group Audience: Choose values',
      'Condition 2 in group 1: choose at least one Country value.',
    );
    expectDescribed(
      'textbox',
      'Minimum, condition 3 in group Audience',
      'Condition 3 in group 1: the minimum of Follower count is above its maximum.',
    );
    expect(
      within(screen.getByRole('group', { name: 'Group 1: Audience' })).getByText(
        'Condition 4 in group 1 uses “prop_retired”, which is no longer offered: remove the condition.',
      ),
    ).toBeInTheDocument();
    expectDescribed(
      'button',
      'Add condition to group 2',
      'Group 2 has no conditions: add one or remove the group.',
    );

    await user.click(
      screen.getByRole('button', { name: 'Values, condition 2 in group Audience: Choose values' }),
    );
    await expectNoAxeViolations(container);
  });

  it('places issues whose paths are spelled the react-hook-form way or with the field name first', () => {
    renderEditor(AUDIENCE_OR_BEAUTY, {
      errors: [
        { path: 'groups.1.conditions.0.property', message: 'Niche is not offered to this brand.' },
        { path: 'targeting.groups[0].name', message: 'Pick another name.' },
        { path: 'targeting', message: 'Targeting is locked.' },
      ],
    });

    expectDescribed(
      'combobox',
      'Property, condition 1 in group Beauty fans',
      'Niche is not offered to this brand.',
    );
    expectDescribed('textbox', 'Name of group 1 (optional)', 'Pick another name.');
    expectDescribed('button', 'Add group', 'Targeting is locked.');
  });

  it('chooses every value of a pasted or typed list and says which matched none', async () => {
    const { user, lastValue } = renderEditor(
      allOf({ property: 'prop_country', operator: 'IN', values: ['c_de'] }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Values, condition 1 in group 1: Germany' }),
    );
    const search = screen.getByRole('searchbox', {
      name: 'Search Country values, condition 1 in group 1',
    });
    expect(search).toHaveAccessibleDescription(
      'Paste or type several, separated by commas, to choose them all.',
    );
    await user.click(search);
    await user.paste('United States, Canada;turkiye\nNarnia, United');
    expect(search).toHaveValue('');
    expect(lastValue()).toEqual(
      allOf({ property: 'prop_country', operator: 'IN', values: ['c_de', 'c_us', 'c_ca', 'c_tr'] }),
    );
    expect(screen.getByText(/^Chosen: /)).toHaveTextContent(
      'Chosen: United States, Canada, Türkiye. No Country value matches “Narnia”, “United”.',
    );
    for (const name of ['United States', 'Canada', 'Türkiye', 'Germany'])
      expect(screen.getByRole('checkbox', { name })).toBeChecked();

    // Typed, then Enter; a single word still just searches.
    await user.type(search, 'united kingdom, germany');
    expect(screen.getByText('Press Enter to choose every value listed.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(lastValue()?.groups[0]?.conditions[0]?.values).toEqual([
      'c_de',
      'c_us',
      'c_ca',
      'c_tr',
      'c_gb',
    ]);
    expect(screen.getByText(/^Chosen: /)).toHaveTextContent('Chosen: United Kingdom, Germany.');
    await user.type(search, 'arab');
    expect(
      screen
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent),
    ).toEqual(['United Arab Emirates']);
  });

  it('says when values are loading or could not be loaded, and offers to try again', async () => {
    const refetch = vi.fn();
    const { user } = renderEditor(
      allOf(
        { property: 'prop_country', operator: 'IN', values: ['c_us'] },
        { property: 'prop_niche', operator: 'IN', values: [] },
      ),
      {
        useValues: (propertyId) =>
          propertyId === 'prop_country'
            ? { isLoading: true, error: null }
            : { isLoading: false, error: new Error('boom'), refetch },
      },
    );

    await user.click(screen.getByRole('button', { name: 'Values, condition 1 in group 1: c_us' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading Country values…');

    await user.click(
      screen.getByRole('button', { name: 'Values, condition 2 in group 1: Choose values' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The Niche values could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(readsAs()).toBe(
      'Reads as: Creators where Country is c_us and Niche (no values chosen yet).',
    );
  });

  it('locks every control and says why when disabled', () => {
    renderEditor(AUDIENCE_OR_BEAUTY, {
      disabled: true,
      disabledReason: 'Targeting can change only while the campaign is a draft.',
    });

    expect(screen.getByRole('group', { name: 'Who can join' })).toHaveAccessibleDescription(
      'Targeting can change only while the campaign is a draft.',
    );
    expect(screen.getByRole('radio', { name: 'Open to all creators' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add group' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Name of group 1 (optional)' })).toBeDisabled();
  });

  it('follows a value replaced from outside, such as a form reset', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TargetingEditor
        value={AUDIENCE_OR_BEAUTY}
        onChange={onChange}
        properties={PROPERTIES}
        useValues={useFixtureValues}
      />,
    );
    rerender(
      <TargetingEditor
        value={allOf({ property: 'prop_niche', operator: 'IN', values: ['n_gaming'] })}
        onChange={onChange}
        properties={PROPERTIES}
        useValues={useFixtureValues}
      />,
    );

    expect(screen.queryByRole('group', { name: 'Group 2: Beauty fans' })).not.toBeInTheDocument();
    expect(readsAs()).toBe('Reads as: Creators where Niche is Gaming.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('works as a react-hook-form Controller field: saving waits until validateTargeting has nothing to say', async () => {
    const saved = vi.fn();
    function Builder() {
      const { control, handleSubmit, formState } = useForm<{ targeting: Targeting | null }>({
        defaultValues: { targeting: null },
      });
      return (
        <form onSubmit={handleSubmit((values) => saved(values))}>
          <Controller
            control={control}
            name="targeting"
            rules={{ validate: (v) => validateTargeting(v, PROPERTIES).length === 0 }}
            render={({ field }) => (
              <TargetingEditor
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                properties={PROPERTIES}
                useValues={useFixtureValues}
                errors={
                  formState.isSubmitted ? validateTargeting(field.value, PROPERTIES) : undefined
                }
              />
            )}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Builder />);

    await user.click(screen.getByRole('radio', { name: 'Only creators who match these rules' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(saved).not.toHaveBeenCalled();
    expect(
      screen.getByText('Group 1 has no conditions: add one or remove the group.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add condition to group 1' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Property, condition 1 in group 1' }),
      'Follower count',
    );
    await user.type(screen.getByRole('textbox', { name: 'Minimum, condition 1 in group 1' }), '0');
    await user.type(
      screen.getByRole('textbox', { name: 'Maximum, condition 1 in group 1' }),
      '5000',
    );
    expect(screen.queryByText(/has no conditions/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(saved).toHaveBeenCalledWith({
      targeting: allOf({ property: 'prop_followers', operator: 'IN', values: ['0-5000'] }),
    });
  });
});
