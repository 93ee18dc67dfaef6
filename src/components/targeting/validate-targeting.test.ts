import { describe, expect, it } from 'vitest';
import type { TargetingCondition } from '#contract/targeting';
import { allOf, PROPERTIES } from './test-fixtures';
import { validateTargeting } from './validate-targeting';

describe('validateTargeting', () => {
  it('accepts open to all and a complete rule', () => {
    expect(validateTargeting(null, PROPERTIES)).toEqual([]);
    expect(
      validateTargeting(
        allOf(
          { property: 'prop_country', operator: 'NOT_IN', values: ['c_us'] },
          { property: 'prop_followers', operator: 'IN', values: ['0-0'] },
          { property: '9c4f1e2a-5d6b-4c7e-8f90-1a2b3c4d5e6f', operator: 'IN', values: ['1.5-3'] },
        ),
        PROPERTIES,
      ),
    ).toEqual([]);
  });

  it('asks for a group when there is none, and for conditions in an empty group', () => {
    expect(validateTargeting({ root_operator: 'AND', groups: [] }, PROPERTIES)).toEqual([
      { path: 'groups', message: 'Add a group of conditions, or choose “Open to all creators”.' },
    ]);
    expect(
      validateTargeting(
        {
          root_operator: 'OR',
          groups: [
            {
              operator: 'AND',
              conditions: [{ property: 'prop_niche', operator: 'IN', values: ['n_beauty'] }],
            },
            { name: 'Later', operator: 'AND', conditions: [] },
          ],
        },
        PROPERTIES,
      ),
    ).toEqual([
      {
        path: 'groups[1].conditions',
        message: 'Group 2 has no conditions: add one or remove the group.',
      },
    ]);
  });

  it('names the condition without a property, the option condition without values and the unknown property', () => {
    expect(
      validateTargeting(
        allOf(
          { property: '', operator: 'IN', values: [] },
          { property: 'prop_country', operator: 'IN', values: [] },
          { property: 'prop_retired', operator: 'IN', values: ['x'] },
        ),
        PROPERTIES,
      ),
    ).toEqual([
      {
        path: 'groups[0].conditions[0].property',
        message: 'Condition 1 in group 1: choose a property.',
      },
      {
        path: 'groups[0].conditions[1].values',
        message: 'Condition 2 in group 1: choose at least one Country value.',
      },
      {
        path: 'groups[0].conditions[2].property',
        message:
          'Condition 3 in group 1 uses “prop_retired”, which is no longer offered: remove the condition.',
      },
    ]);
  });

  it('refuses a missing, reversed or malformed number range, and a list of values on a number property', () => {
    const followers = (values: string[]): TargetingCondition => ({
      property: 'prop_followers',
      operator: 'IN',
      values,
    });
    expect(
      validateTargeting(
        allOf(
          followers([]),
          followers(['100000-10000']),
          followers(['-5-10']),
          followers(['c_us', 'c_ca']),
        ),
        PROPERTIES,
      ),
    ).toEqual([
      {
        path: 'groups[0].conditions[0].values',
        message: 'Condition 1 in group 1: enter a minimum and a maximum for Follower count.',
      },
      {
        path: 'groups[0].conditions[1].values',
        message: 'Condition 2 in group 1: the minimum of Follower count is above its maximum.',
      },
      {
        path: 'groups[0].conditions[2].values',
        message:
          'Condition 3 in group 1: “-5-10” is not a range; Follower count takes one range like 10000-100000.',
      },
      {
        path: 'groups[0].conditions[3].values',
        message:
          'Condition 4 in group 1: Follower count is a number property and takes one range like 10000-100000, not a list of values.',
      },
    ]);
  });

  it('keeps to the bounds of the contract', () => {
    const issues = validateTargeting(
      {
        root_operator: 'AND',
        groups: Array.from({ length: 21 }, () => ({
          name: 'x'.repeat(201),
          operator: 'AND' as const,
          conditions: [{ property: 'prop_niche', operator: 'IN' as const, values: ['n_beauty'] }],
        })),
      },
      PROPERTIES,
    );
    expect(issues[0]).toEqual({ path: 'groups', message: 'Use at most 20 groups.' });
    expect(issues[1]).toEqual({
      path: 'groups[0].name',
      message: 'Group 1: use a name of at most 200 characters.',
    });
  });
});
