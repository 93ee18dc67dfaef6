import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { targetingProperties, targetingValues } from '../db/schema.ts';

// What a creator decision needs (docs/api.md#creator-fit), computed by PostgreSQL in the query that
// lists the creators, so the `fits` filter and keyset paging work on the database's answer:
//
// - `properties`: the creator's values of the targeting properties, in the properties list's
//   order; an option carries its label from the values list, a number is formatted (12,500).
// - `targeting_fit`: the campaign's targeting evaluated against those values. A condition IN is
//   met when the creator's value is one of the values (for a number: inside the range, ends
//   included), NOT_IN when it is not; a condition on a property the creator has no value for (or
//   a non-number value of a number property) is not met, whatever its operator: the fit is only
//   claimed when it is known. A group combines its conditions with its operator, the root combines
//   the groups with root_operator; a group without conditions is ignored, and no targeting (or only
//   empty groups) matches everyone. `unmet` lists, when the creator does not match, one sentence
//   for each unmet condition of each group that is not met; it is empty when the creator matches.

const NUMBER_TEXT = sql.raw(`'^-?[0-9]+(\\.[0-9]+)?$'`);
const RANGE_TEXT = sql.raw(`'^[0-9]+(\\.[0-9]+)?-[0-9]+(\\.[0-9]+)?$'`);

/** The alias of the campaign's expanded targeting in a query that joins targetingConditionsJoin. */
const EXPANDED = sql.raw('targeting_expanded');

/** A number as people read it: 12500 -> 12,500, 4.25 -> 4.25 (two decimals at most). */
const formatNumber = (n: SQL) => sql`rtrim(to_char(${n}, 'FM999,999,999,999,990.99'), '.')`;

/** A jsonb value as a number when it is one (or text of one); null otherwise. */
const asNumber = (v: SQL) =>
  sql`(case when jsonb_typeof(${v}) = 'number' then (${v} #>> '{}')::numeric
            when jsonb_typeof(${v}) = 'string' and (${v} #>> '{}') ~ ${NUMBER_TEXT} then (${v} #>> '{}')::numeric end)`;

/**
 * `creators.properties` ({property_id: value}) as `[{property_id, name, value, label}]`, in a query
 * that joins targetingConditionsJoin (its `catalogue` names the properties and labels the values).
 */
export function creatorPropertiesSql(properties: SQLWrapper) {
  const v = sql`p.v`;
  const isNumber = sql`(p.def ->> 'kind' = 'number' and ${asNumber(v)} is not null)`;
  return sql<unknown>`coalesce((
    select jsonb_agg(jsonb_build_object(
        'property_id', p.key,
        'name', p.def ->> 'name',
        'value', case when ${isNumber} then to_jsonb(${asNumber(v)}) else ${v} end,
        'label', case when ${isNumber} then ${formatNumber(asNumber(v))}
                      else coalesce(p.def -> 'labels' ->> (${v} #>> '{}'), ${v} #>> '{}') end)
      order by (p.def ->> 'position')::int, p.key)
    from (select pv.key, pv.value as v, ${EXPANDED}.catalogue -> pv.key as def
          from jsonb_each(${properties}) as pv(key, value) offset 0) p
    where p.def is not null and jsonb_typeof(${v}) <> 'null'
  ), '[]'::jsonb)`;
}

// The campaign's targeting is expanded ONCE per query (targetingConditionsJoin, a lateral join on
// the campaign's row), into an array of its conditions with everything that does not depend on the
// creator: the property's kind and name, a number condition's range and its formatted ends, an
// option condition's values read as people read them ("United States or India"), the labels of
// its values. Each creator row then only compares its own values with that array: no subquery per
// condition, no lookup per row, so the planner's estimate stays small (unnest of an array is
// estimated at 10 rows, jsonb_array_elements at 100, and nested expansions multiply) and the work
// does not grow with the number of campaigns (docs/decisions/0120-creator-fit-expanded-once.md).

/**
 * Every targeting property by id, `{name, kind, position, labels: {value: label}}`: read once per
 * query for the properties of every creator row and the labels of the targeting's values.
 */
const catalogueSql = sql`(
    select coalesce(jsonb_object_agg(p.id, jsonb_build_object(
        'name', p.name, 'kind', p.kind, 'position', p.position, 'labels', p.labels)), '{}'::jsonb)
    from (select tp.id, tp.name, tp.kind, tp.position,
                 coalesce(jsonb_object_agg(tv.value, tv.label) filter (where tv.value is not null), '{}'::jsonb) as labels
          from ${targetingProperties} tp
          left join ${targetingValues} tv on tv.property_id = tp.id
          group by tp.id) p)`;

/**
 * A lateral join (`cross join lateral (…) targeting_expanded`) that expands a campaign's targeting
 * (jsonb, may be null) once: `conditions`, a jsonb[] of its conditions in order, each
 * `{group, group_or, property, not_in, number, name, values, lo, hi, lo_label, hi_label, phrase,
 * labels}`, and `root_or`. Join it after the campaign; targetingFitSql and targetingMatchesSql
 * read it.
 */
export function targetingConditionsJoin(targeting: SQLWrapper): SQL {
  const cond = sql`c.value`;
  const property = sql`(${cond} ->> 'property')`;
  const values = sql`(${cond} -> 'values')`;
  const range = sql`(${values} ->> 0)`;
  const lo = sql`(case when ${range} ~ ${RANGE_TEXT} then split_part(${range}, '-', 1)::numeric end)`;
  const hi = sql`(case when ${range} ~ ${RANGE_TEXT} then split_part(${range}, '-', 2)::numeric end)`;
  const count = sql`jsonb_array_length(${values})`;
  const label = (k: number) =>
    sql`coalesce(l.catalogue -> ${property} -> 'labels' ->> (${values} ->> ${sql.raw(String(k))}), ${values} ->> ${sql.raw(String(k))})`;
  // "United States", "United States or India", "A, B or C", "A, B, C or 4 others".
  const phrase = sql`(case
      when ${count} = 1 then ${label(0)}
      when ${count} = 2 then ${label(0)} || ' or ' || ${label(1)}
      when ${count} = 3 then ${label(0)} || ', ' || ${label(1)} || ' or ' || ${label(2)}
      when ${count} > 3 then ${label(0)} || ', ' || ${label(1)} || ', ' || ${label(2)}
                           || ' or ' || (${count} - 3) || case when ${count} = 4 then ' other' else ' others' end
    end)`;
  const notIn = sql`coalesce(${cond} ->> 'operator' = 'NOT_IN', false)`;
  const def = sql`(l.catalogue -> ${property})`;
  const isNumber = sql`coalesce(${def} ->> 'kind' = 'number', false)`;
  const arrayOr = (v: SQL) =>
    sql`case when jsonb_typeof(${v}) = 'array' then ${v} else '[]'::jsonb end`;
  return sql`(
    select l.catalogue, x.conditions, x.root_or
    from (select ${catalogueSql} as catalogue offset 0) l
    cross join lateral (
      select coalesce(array_agg(jsonb_build_object(
          'group', g.ord,
          'group_or', coalesce(g.value ->> 'operator' = 'OR', false),
          'property', ${property},
          'not_in', ${notIn},
          'number', ${isNumber},
          'name', coalesce(${def} ->> 'name', ${property}),
          'values', ${values},
          'lo', ${lo}, 'hi', ${hi},
          'lo_label', ${formatNumber(lo)}, 'hi_label', ${formatNumber(hi)},
          'phrase', case when not ${isNumber} and not ${notIn} then ${phrase} end,
          'labels', case when not ${isNumber} and ${notIn} then ${def} -> 'labels' end)
        order by g.ord, c.ord), '{}'::jsonb[]) as conditions,
        coalesce(${targeting} ->> 'root_operator' = 'OR', false) as root_or
      from jsonb_array_elements(${arrayOr(sql`(${targeting} -> 'groups')`)}) with ordinality as g(value, ord)
      cross join lateral jsonb_array_elements(${arrayOr(sql`(g.value -> 'conditions')`)}) with ordinality as c(value, ord)
    ) x
  ) ${EXPANDED}`;
}

/**
 * One row per condition of the expanded targeting, with the creator's value `v` and whether the
 * creator's `properties` meet it. Each `offset 0` keeps a level from being folded into the next,
 * which would evaluate the creator's value and its number again in every place that uses them.
 */
function conditionsMet(properties: SQLWrapper) {
  const cond = sql`n.cond`;
  const isNumber = sql`(${cond} ->> 'number')::boolean`;
  const known = sql`(case when ${isNumber} then n.num is not null
                          else n.v is not null and jsonb_typeof(n.v) <> 'null' end)`;
  const inside = sql`(case when ${isNumber} then n.num between (${cond} ->> 'lo')::numeric and (${cond} ->> 'hi')::numeric
                           else (${cond} -> 'values') ? (n.v #>> '{}') end)`;
  const met = sql`coalesce(${known} and (case when (${cond} ->> 'not_in')::boolean then not ${inside} else ${inside} end), false)`;
  return sql`select n.i, n.cond, n.v, (${cond} ->> 'group')::int as g,
      (${cond} ->> 'group_or')::boolean as group_or, ${met} as met
    from (select cv.*, ${asNumber(sql`cv.v`)} as num
          from (select c.i, c.value as cond, ${properties} -> (c.value ->> 'property') as v
                from unnest(${EXPANDED}.conditions) with ordinality as c(value, i) offset 0) cv
          offset 0) n
    offset 0`;
}

/** Why a creator's value `v` does not meet the expanded condition `cond` (conditionsMet's row). */
function unmetSentence(cond: SQL, v: SQL) {
  const num = asNumber(v);
  const name = sql`(${cond} ->> 'name')`;
  const loLabel = sql`(${cond} ->> 'lo_label')`;
  const hiLabel = sql`(${cond} ->> 'hi_label')`;
  const isNumber = sql`(${cond} ->> 'number')::boolean`;
  const notIn = sql`(${cond} ->> 'not_in')::boolean`;
  const known = sql`(case when ${isNumber} then ${num} is not null
                          else ${v} is not null and jsonb_typeof(${v}) <> 'null' end)`;
  return sql`(case
      when not ${known} then ${name} || ' is not known'
      when ${isNumber} and ${notIn}
        then ${name} || ' is ' || ${formatNumber(num)} || ', inside the excluded range '
             || ${loLabel} || ' to ' || ${hiLabel}
      when ${isNumber}
        then ${name} || ' is ' || ${formatNumber(num)} || ', not between '
             || coalesce(${loLabel}, '?') || ' and ' || coalesce(${hiLabel}, '?')
      when ${notIn}
        then ${name} || ' is ' || coalesce(${cond} -> 'labels' ->> (${v} #>> '{}'), ${v} #>> '{}') || ', which is excluded'
      else ${name} || ' is not ' || (${cond} ->> 'phrase')
    end)`;
}

/**
 * `{matches, unmet}` of the campaign's targeting for a creator's properties (jsonb object), in a
 * query that joins targetingConditionsJoin and has `properties` in scope.
 */
export function targetingFitSql(properties: SQLWrapper) {
  const withGroup = sql`select e.*, case when e.group_or then bool_or(e.met) over (partition by e.g)
                                         else bool_and(e.met) over (partition by e.g) end as group_met
    from (${conditionsMet(properties)}) e`;
  // The sentence is only built for the rows the filter keeps: the unmet conditions of unmet groups.
  return sql<{ matches: boolean; unmet: string[] }>`(select jsonb_build_object(
      'matches', f.matches,
      'unmet', case when f.matches then '[]'::jsonb else f.unmet end)
    from (select coalesce(case when ${EXPANDED}.root_or then bool_or(w.group_met) else bool_and(w.group_met) end, true) as matches,
                 coalesce(jsonb_agg(${unmetSentence(sql`w.cond`, sql`w.v`)} order by w.i)
                            filter (where not w.group_met and not w.met), '[]'::jsonb) as unmet
          from (${withGroup}) w) f)`;
}

/** Only the `matches` of `targetingFitSql`, for the `fits` filter: no sentences, no window. */
export function targetingMatchesSql(properties: SQLWrapper) {
  return sql<boolean>`(select coalesce(case when ${EXPANDED}.root_or then bool_or(gm.met) else bool_and(gm.met) end, true)
    from (select case when bool_or(e.group_or) then bool_or(e.met) else bool_and(e.met) end as met
          from (${conditionsMet(properties)}) e group by e.g) gm)`;
}
