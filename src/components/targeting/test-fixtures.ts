import type { TargetingProperty, TargetingValue } from '#contract/targeting';

// A small world of properties for the tests: opaque ids and values, human names and labels.
export const PROPERTIES: TargetingProperty[] = [
  { id: 'prop_country', name: 'Country', kind: 'option' },
  { id: 'prop_niche', name: 'Niche', kind: 'option' },
  { id: 'prop_followers', name: 'Follower count', kind: 'number' },
  { id: '9c4f1e2a-5d6b-4c7e-8f90-1a2b3c4d5e6f', name: 'Engagement rate (%)', kind: 'number' },
];

export const VALUES: Record<string, TargetingValue[]> = {
  prop_country: [
    { value: 'c_ca', label: 'Canada' },
    { value: 'c_de', label: 'Germany' },
    { value: 'c_tr', label: 'Türkiye' },
    { value: 'c_ae', label: 'United Arab Emirates' },
    { value: 'c_gb', label: 'United Kingdom' },
    { value: 'c_us', label: 'United States' },
  ],
  prop_niche: [
    { value: 'n_beauty', label: 'Beauty' },
    { value: 'n_fitness', label: 'Fitness' },
    { value: 'n_gaming', label: 'Gaming' },
  ],
};
