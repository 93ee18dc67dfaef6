import { describe, expect, it } from 'vitest';
import type { Targeting } from '#contract/targeting';
import { describeTargeting } from './describe-targeting';
import { allOf, anyOf, AUDIENCE_OR_BEAUTY, PROPERTIES, VALUES } from './test-fixtures';

const rule = (targeting: Targeting) =>
  describeTargeting(targeting, PROPERTIES, VALUES, { locale: 'en-US' });

describe('describeTargeting', () => {
  it('says a null rule is open to all creators', () => {
    expect(describeTargeting(null, PROPERTIES, VALUES)).toBe('Open to all creators.');
  });

  it('reads groups joined by OR with AND inside, labels for values and grouped numbers', () => {
    expect(rule(AUDIENCE_OR_BEAUTY)).toBe(
      'Creators where (Country is United States or Canada and Follower count is between 10,000 and 100,000) or (Niche is Beauty).',
    );
  });

  it('reads a single group without parentheses, OR inside and AND between groups', () => {
    expect(
      rule(
        anyOf(
          { property: 'prop_niche', operator: 'IN', values: ['n_beauty', 'n_fitness', 'n_gaming'] },
          { property: 'prop_followers', operator: 'IN', values: ['18-18'] },
        ),
      ),
    ).toBe('Creators where Niche is Beauty, Fitness, or Gaming or Follower count is 18.');
    expect(
      rule({
        root_operator: 'AND',
        groups: [
          {
            operator: 'AND',
            conditions: [{ property: 'prop_niche', operator: 'IN', values: ['n_beauty'] }],
          },
          {
            operator: 'AND',
            conditions: [{ property: 'prop_country', operator: 'IN', values: ['c_de'] }],
          },
        ],
      }),
    ).toBe('Creators where (Niche is Beauty) and (Country is Germany).');
  });

  it('reads NOT_IN for one, two and more values, and for number ranges', () => {
    const notIn = (values: string[]) =>
      rule(allOf({ property: 'prop_country', operator: 'NOT_IN', values }));
    expect(notIn(['c_us'])).toBe('Creators where Country is not United States.');
    expect(notIn(['c_us', 'c_ca'])).toBe(
      'Creators where Country is neither United States nor Canada.',
    );
    expect(notIn(['c_us', 'c_ca', 'c_de'])).toBe(
      'Creators where Country is none of United States, Canada, or Germany.',
    );
    expect(
      rule(
        allOf(
          { property: 'prop_followers', operator: 'NOT_IN', values: ['1000000-25000000'] },
          {
            property: '9c4f1e2a-5d6b-4c7e-8f90-1a2b3c4d5e6f',
            operator: 'IN',
            values: ['2.5-12.125'],
          },
        ),
      ),
    ).toBe(
      'Creators where Follower count is not between 1,000,000 and 25,000,000 and Engagement rate (%) is between 2.5 and 12.125.',
    );
  });

  it('falls back to raw ids and values it has no names or labels for', () => {
    expect(
      describeTargeting(
        allOf(
          { property: 'prop_country', operator: 'IN', values: ['c_us', 'c_xx'] },
          { property: 'prop_retired', operator: 'IN', values: ['r_1'] },
          { property: 'prop_niche', operator: 'IN', values: ['n_beauty'] },
        ),
        PROPERTIES,
        { prop_country: VALUES.prop_country },
      ),
    ).toBe(
      'Creators where Country is United States or c_xx and prop_retired is r_1 and Niche is n_beauty.',
    );
  });

  it('reads unfinished parts of a draft without inventing values', () => {
    expect(
      rule({
        root_operator: 'OR',
        groups: [
          {
            operator: 'AND',
            conditions: [
              { property: '', operator: 'IN', values: [] },
              { property: 'prop_country', operator: 'IN', values: [] },
              { property: 'prop_followers', operator: 'IN', values: [] },
              { property: 'prop_followers', operator: 'IN', values: ['500-100'] },
            ],
          },
          { operator: 'AND', conditions: [] },
        ],
      }),
    ).toBe(
      'Creators where ((property not chosen yet) and Country (no values chosen yet) and Follower count (range not set yet) and Follower count is between 500 and 100) or (no conditions yet).',
    );
    expect(rule({ root_operator: 'AND', groups: [] })).toBe(
      'No rules yet: add a group of conditions.',
    );
  });
});
