import type {
  Targeting,
  TargetingCondition,
  TargetingProperty,
  TargetingValue,
} from '#contract/targeting';

// A small world of properties for the tests: opaque ids and values, human names and labels.
export const PROPERTIES: TargetingProperty[] = [
  { id: 'prop_country', name: 'Country', kind: 'option' },
  { id: 'prop_niche', name: 'Niche', kind: 'option' },
  { id: 'prop_followers', name: 'Follower count', kind: 'number' },
  { id: '9c4f1e2a-5d6b-4c7e-8f90-1a2b3c4d5e6f', name: 'Engagement rate (%)', kind: 'number' },
];

/** The values of an option property, from a map of value to label, in the map's order. */
const optionValues = (labels: Record<string, string>): TargetingValue[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const VALUES: Record<string, TargetingValue[]> = {
  prop_country: optionValues({
    c_ca: 'Canada',
    c_de: 'Germany',
    c_tr: 'Türkiye',
    c_ae: 'United Arab Emirates',
    c_gb: 'United Kingdom',
    c_us: 'United States',
  }),
  prop_niche: optionValues({ n_beauty: 'Beauty', n_fitness: 'Fitness', n_gaming: 'Gaming' }),
};

/** A rule of one group whose conditions must all hold. */
export const allOf = (...conditions: TargetingCondition[]): Targeting => ({
  root_operator: 'AND',
  groups: [{ operator: 'AND', conditions }],
});

/** A rule of one group of which any condition may hold. */
export const anyOf = (...conditions: TargetingCondition[]): Targeting => ({
  root_operator: 'AND',
  groups: [{ operator: 'OR', conditions }],
});

/** Either of two named groups: the Audience (US or Canada, 10,000 to 100,000 followers) or Beauty fans. */
export const AUDIENCE_OR_BEAUTY: Targeting = {
  root_operator: 'OR',
  groups: [
    {
      name: 'Audience',
      operator: 'AND',
      conditions: [
        { property: 'prop_country', operator: 'IN', values: ['c_us', 'c_ca'] },
        { property: 'prop_followers', operator: 'IN', values: ['10000-100000'] },
      ],
    },
    {
      name: 'Beauty fans',
      operator: 'AND',
      conditions: [{ property: 'prop_niche', operator: 'IN', values: ['n_beauty'] }],
    },
  ],
};
