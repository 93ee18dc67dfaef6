import type { TargetingPropertyKind } from '#contract/targeting';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';
import { targetingProperties, targetingValues } from './schema.ts';

// The creator properties every database offers for targeting. Ids and values are opaque slugs
// (callers pass them back verbatim), labels are for people. Number properties take one
// "<min>-<max>" range instead of a list of values.

interface BuiltinProperty {
  id: string;
  name: string;
  kind: TargetingPropertyKind;
  values?: ReadonlyArray<readonly [value: string, label: string]>;
}

const COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BR', 'Brazil'],
  ['CA', 'Canada'],
  ['CL', 'Chile'],
  ['CO', 'Colombia'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['EG', 'Egypt'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GR', 'Greece'],
  ['HK', 'Hong Kong'],
  ['IN', 'India'],
  ['ID', 'Indonesia'],
  ['IE', 'Ireland'],
  ['IL', 'Israel'],
  ['IT', 'Italy'],
  ['JP', 'Japan'],
  ['KE', 'Kenya'],
  ['MY', 'Malaysia'],
  ['MX', 'Mexico'],
  ['MA', 'Morocco'],
  ['NL', 'Netherlands'],
  ['NZ', 'New Zealand'],
  ['NG', 'Nigeria'],
  ['NO', 'Norway'],
  ['PE', 'Peru'],
  ['PH', 'Philippines'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RO', 'Romania'],
  ['SA', 'Saudi Arabia'],
  ['SG', 'Singapore'],
  ['ZA', 'South Africa'],
  ['KR', 'South Korea'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TW', 'Taiwan'],
  ['TH', 'Thailand'],
  ['TR', 'Türkiye'],
  ['AE', 'United Arab Emirates'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['VN', 'Vietnam'],
];

const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['ar', 'Arabic'],
  ['zh', 'Chinese'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['nl', 'Dutch'],
  ['en', 'English'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ms', 'Malay'],
  ['no', 'Norwegian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['ro', 'Romanian'],
  ['es', 'Spanish'],
  ['sv', 'Swedish'],
  ['tl', 'Tagalog'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['vi', 'Vietnamese'],
];

export const BUILTIN_TARGETING: readonly BuiltinProperty[] = [
  {
    id: 'prop_country',
    name: 'Country',
    kind: 'option',
    values: COUNTRIES.map(([code, label]) => [`c_${code.toLowerCase()}`, label] as const),
  },
  {
    id: 'prop_language',
    name: 'Language',
    kind: 'option',
    values: LANGUAGES.map(([code, label]) => [`l_${code}`, label] as const),
  },
  {
    id: 'prop_gender',
    name: 'Gender',
    kind: 'option',
    values: [
      ['g_female', 'Female'],
      ['g_male', 'Male'],
      ['g_nonbinary', 'Non-binary'],
    ],
  },
  { id: 'prop_age', name: 'Age (years)', kind: 'number' },
  { id: 'prop_followers', name: 'Follower count', kind: 'number' },
  {
    id: 'prop_niche',
    name: 'Niche / category',
    kind: 'option',
    values: [
      ['n_beauty', 'Beauty & makeup'],
      ['n_skincare', 'Skincare'],
      ['n_fashion', 'Fashion'],
      ['n_fitness', 'Fitness'],
      ['n_wellness', 'Health & wellness'],
      ['n_food', 'Food & drink'],
      ['n_cooking', 'Cooking & recipes'],
      ['n_travel', 'Travel'],
      ['n_outdoors', 'Outdoors & adventure'],
      ['n_gaming', 'Gaming'],
      ['n_tech', 'Tech & gadgets'],
      ['n_home', 'Home & interior'],
      ['n_diy', 'DIY & crafts'],
      ['n_parenting', 'Parenting & family'],
      ['n_pets', 'Pets & animals'],
      ['n_lifestyle', 'Lifestyle'],
      ['n_comedy', 'Comedy & entertainment'],
      ['n_music', 'Music & dance'],
      ['n_sports', 'Sports'],
      ['n_education', 'Education'],
      ['n_finance', 'Personal finance'],
      ['n_automotive', 'Cars & automotive'],
      ['n_books', 'Books'],
      ['n_art', 'Art & design'],
    ],
  },
  {
    id: 'prop_platform',
    name: 'Platform',
    kind: 'option',
    values: [
      ['p_tiktok', 'TikTok'],
      ['p_instagram', 'Instagram'],
      ['p_youtube', 'YouTube'],
      ['p_snapchat', 'Snapchat'],
    ],
  },
  { id: 'prop_engagement_rate', name: 'Engagement rate (%)', kind: 'number' },
];

/**
 * Inserts the built-in properties and values that are missing; never changes existing rows.
 * Runs at every boot (a few milliseconds), so new built-ins reach old databases too. Typed by
 * drizzle's own handle, not client.ts's `Tx`: client.ts runs this at boot, so this file stays
 * below it (no import circle, docs/decisions/0112-server-layers.md).
 */
export async function ensureBuiltinTargeting(
  tx: PgDatabase<PgQueryResultHKT, typeof schema>,
): Promise<void> {
  await tx
    .insert(targetingProperties)
    .values(
      BUILTIN_TARGETING.map((p, i) => ({ id: p.id, name: p.name, kind: p.kind, position: i })),
    )
    .onConflictDoNothing();
  const values = BUILTIN_TARGETING.flatMap((p) =>
    (p.values ?? []).map(([value, label], i) => ({
      propertyId: p.id,
      value,
      label,
      position: i,
    })),
  );
  await tx.insert(targetingValues).values(values).onConflictDoNothing();
}
