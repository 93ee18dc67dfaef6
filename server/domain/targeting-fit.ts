import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { targetingProperties, targetingValues } from '../db/schema.ts';

// What a creator decision needs (extensions section 13), computed by PostgreSQL in the query that
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

/** A number as people read it: 12500 -> 12,500, 4.25 -> 4.25 (two decimals at most). */
const formatNumber = (n: SQL) => sql`rtrim(to_char(${n}, 'FM999,999,999,999,990.99'), '.')`;

/** A jsonb value as a number when it is one (or text of one); null otherwise. */
const asNumber = (v: SQL) =>
  sql`(case when jsonb_typeof(${v}) = 'number' then (${v} #>> '{}')::numeric
            when jsonb_typeof(${v}) = 'string' and (${v} #>> '{}') ~ ${NUMBER_TEXT} then (${v} #>> '{}')::numeric end)`;

/** `creators.properties` ({property_id: value}) as `[{property_id, name, value, label}]`. */
export function creatorPropertiesSql(properties: SQLWrapper) {
  const v = sql`pv.value`;
  return sql<unknown>`coalesce((
    select jsonb_agg(jsonb_build_object(
        'property_id', tp.id,
        'name', tp.name,
        'value', case when tp.kind = 'number' and ${asNumber(v)} is not null then to_jsonb(${asNumber(v)}) else ${v} end,
        'label', case when tp.kind = 'number' and ${asNumber(v)} is not null then ${formatNumber(asNumber(v))}
                      else coalesce(tv.label, ${v} #>> '{}') end)
      order by tp.position, tp.id)
    from jsonb_each(${properties}) as pv(key, value)
    join ${targetingProperties} tp on tp.id = pv.key
    left join ${targetingValues} tv on tv.property_id = tp.id and tv.value = (${v} #>> '{}')
    where jsonb_typeof(${v}) <> 'null'
  ), '[]'::jsonb)`;
}

/**
 * `{matches, unmet}` of a campaign's targeting (jsonb, may be null) for a creator's properties
 * (jsonb object). Correlated on both: use it in a query that has both columns in scope.
 */
export function targetingFitSql(targeting: SQLWrapper, properties: SQLWrapper) {
  // One row per condition: its group, the creator's value, whether it is met and the sentence.
  const cond = sql`c.value`;
  const creatorValue = sql`(${properties} -> (${cond} ->> 'property'))`;
  const range = sql`(${cond} -> 'values' ->> 0)`;
  const lo = sql`(case when ${range} ~ ${RANGE_TEXT} then split_part(${range}, '-', 1)::numeric end)`;
  const hi = sql`(case when ${range} ~ ${RANGE_TEXT} then split_part(${range}, '-', 2)::numeric end)`;
  const num = asNumber(creatorValue);
  const isNumber = sql`(tp.kind = 'number')`;
  const known = sql`(case when ${isNumber} then ${num} is not null
                          else ${creatorValue} is not null and jsonb_typeof(${creatorValue}) <> 'null' end)`;
  const inside = sql`(case when ${isNumber} then ${num} between ${lo} and ${hi}
                           else (${cond} -> 'values') ? (${creatorValue} #>> '{}') end)`;
  const name = sql`coalesce(tp.name, ${cond} ->> 'property')`;
  const ownLabel = sql`coalesce((select tv.label from ${targetingValues} tv
      where tv.property_id = ${cond} ->> 'property' and tv.value = (${creatorValue} #>> '{}')), ${creatorValue} #>> '{}')`;
  // "United States or India", "A, B or C", "A, B, C or 4 others".
  const valueLabels = sql`(select case
        when max(l.n) = 1 then max(l.label)
        when max(l.n) <= 3 then string_agg(l.label, ', ' order by l.o) filter (where l.o < l.n)
                                || ' or ' || max(l.label) filter (where l.o = l.n)
        else string_agg(l.label, ', ' order by l.o) filter (where l.o <= 3)
             || ' or ' || (max(l.n) - 3) || case when max(l.n) = 4 then ' other' else ' others' end
      end
      from (select coalesce(tv.label, x.value) as label, x.o, count(*) over () as n
            from jsonb_array_elements_text(${cond} -> 'values') with ordinality as x(value, o)
            left join ${targetingValues} tv on tv.property_id = ${cond} ->> 'property' and tv.value = x.value) l)`;
  const sentence = sql`(case
      when not ${known} then ${name} || ' is not known'
      when ${isNumber} and ${cond} ->> 'operator' = 'NOT_IN'
        then ${name} || ' is ' || ${formatNumber(num)} || ', inside the excluded range '
             || ${formatNumber(lo)} || ' to ' || ${formatNumber(hi)}
      when ${isNumber}
        then ${name} || ' is ' || ${formatNumber(num)} || ', not between '
             || coalesce(${formatNumber(lo)}, '?') || ' and ' || coalesce(${formatNumber(hi)}, '?')
      when ${cond} ->> 'operator' = 'NOT_IN' then ${name} || ' is ' || ${ownLabel} || ', which is excluded'
      else ${name} || ' is not ' || ${valueLabels}
    end)`;
  const met = sql`coalesce(${known} and (case when ${cond} ->> 'operator' = 'NOT_IN' then not ${inside} else ${inside} end), false)`;

  const conditions = sql`select g.ord as gi, c.ord as ci, g.value ->> 'operator' as gop, ${met} as met, ${sentence} as sentence
    from jsonb_array_elements(case when jsonb_typeof(${targeting} -> 'groups') = 'array' then ${targeting} -> 'groups' else '[]'::jsonb end)
      with ordinality as g(value, ord)
    cross join lateral jsonb_array_elements(case when jsonb_typeof(g.value -> 'conditions') = 'array' then g.value -> 'conditions' else '[]'::jsonb end)
      with ordinality as c(value, ord)
    left join ${targetingProperties} tp on tp.id = ${cond} ->> 'property'`;
  const withGroup = sql`select e.*, case when e.gop = 'OR' then bool_or(e.met) over (partition by e.gi)
                                         else bool_and(e.met) over (partition by e.gi) end as group_met
    from (${conditions}) e`;
  const matches = sql`coalesce(case when ${targeting} ->> 'root_operator' = 'OR' then bool_or(w.group_met)
                                    else bool_and(w.group_met) end, true)`;
  return sql<{ matches: boolean; unmet: string[] }>`(select jsonb_build_object(
      'matches', ${matches},
      'unmet', case when ${matches} then '[]'::jsonb
                    else coalesce(jsonb_agg(w.sentence order by w.gi, w.ci) filter (where not w.group_met and not w.met), '[]'::jsonb) end)
    from (${withGroup}) w)`;
}

/** Only the `matches` of `targetingFitSql`, for the `fits` filter. */
export function targetingMatchesSql(targeting: SQLWrapper, properties: SQLWrapper) {
  return sql<boolean>`((${targetingFitSql(targeting, properties)}) ->> 'matches')::boolean`;
}
