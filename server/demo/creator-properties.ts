import type { OpsCreatorPropertyValue } from '#contract/ops';

// Targeting properties of the demo creators, so the Applied tab shows who each applicant is and
// whether they fit: varied enough that every demo campaign's targeting has applicants on both sides.
// Deterministic by index (the seed's creators) so the demo world is the same on every start.

const COUNTRIES = [
  'c_us',
  'c_gb',
  'c_ca',
  'c_de',
  'c_us',
  'c_no',
  'c_in',
  'c_se',
  'c_au',
  'c_fr',
  'c_us',
];
const LANGUAGES: Record<string, string> = {
  c_de: 'l_de',
  c_fr: 'l_fr',
  c_no: 'l_no',
  c_se: 'l_sv',
  c_in: 'l_hi',
};
const NICHES = [
  'n_skincare',
  'n_outdoors',
  'n_beauty',
  'n_food',
  'n_travel',
  'n_skincare',
  'n_cooking',
  'n_fitness',
  'n_lifestyle',
];
const GENDERS = ['g_female', 'g_male', 'g_female', 'g_nonbinary', 'g_male'];
const PLATFORMS = ['p_tiktok', 'p_instagram', 'p_youtube', 'p_tiktok'];
const AGES = [24, 31, 19, 42, 27, 16, 35, 22, 29, 38, 21, 26, 33];
const FOLLOWERS = [48_200, 12_500, 310_000, 3_900, 87_600, 22_000, 154_000, 9_800, 61_300];
const ENGAGEMENT = [4.2, 2.8, 6.1, 3.5, 1.9, 5.4, 3.1];

const at = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** The properties of the demo world's `n`-th creator. */
export function demoCreatorProperties(n: number): Record<string, OpsCreatorPropertyValue> {
  const country = at(COUNTRIES, n);
  const properties: Record<string, OpsCreatorPropertyValue> = {
    prop_country: country,
    prop_language: LANGUAGES[country] ?? 'l_en',
    prop_gender: at(GENDERS, n),
    prop_age: at(AGES, n),
    prop_followers: at(FOLLOWERS, n),
    prop_niche: at(NICHES, n),
    prop_platform: at(PLATFORMS, n),
    prop_engagement_rate: at(ENGAGEMENT, n),
  };
  // Every seventh creator has not told their age: the fit says it is not known.
  if (n % 7 === 5) delete properties.prop_age;
  return properties;
}
