import type {
  Targeting,
  TargetingCondition,
  TargetingGroup,
  TargetingProperty,
  TargetingValue,
} from '#contract/targeting';
import { formatNumber } from '#lib/format';
import { splitRange } from './number-range';

/** The allowed values (value → label) of option properties, by property id, where known. */
export type LabelsByProperty = Readonly<Record<string, readonly TargetingValue[] | undefined>>;

export type DescribeOptions = { locale?: string };

// The sentence is English, so its lists are too; only numbers follow the viewer's locale.
const anyOf = new Intl.ListFormat('en', { type: 'disjunction' });

function describeOptionValues(
  condition: TargetingCondition,
  labels: readonly TargetingValue[] | undefined,
) {
  const shown = condition.values.map(
    (value) => labels?.find((known) => known.value === value)?.label ?? value,
  );
  if (condition.operator === 'IN') return `is ${anyOf.format(shown)}`;
  if (shown.length === 1) return `is not ${shown[0]}`;
  if (shown.length === 2) return `is neither ${shown[0]} nor ${shown[1]}`;
  return `is none of ${anyOf.format(shown)}`;
}

function describeRange(condition: TargetingCondition, options: DescribeOptions) {
  const range = condition.values.length === 1 ? splitRange(condition.values[0]!) : null;
  const not = condition.operator === 'NOT_IN' ? 'not ' : '';
  if (!range) return `is ${not}in ${condition.values.map((v) => `“${v}”`).join(', ')}`;
  const number = (text: string) =>
    formatNumber(Number(text), { locale: options.locale, maximumFractionDigits: 20 });
  if (Number(range.min) === Number(range.max)) return `is ${not}${number(range.min)}`;
  return `is ${not}between ${number(range.min)} and ${number(range.max)}`;
}

function describeCondition(
  condition: TargetingCondition,
  properties: ReadonlyMap<string, TargetingProperty>,
  labelsByProperty: LabelsByProperty,
  options: DescribeOptions,
) {
  if (condition.property === '') return '(property not chosen yet)';
  const property = properties.get(condition.property);
  const name = property?.name ?? condition.property;
  if (condition.values.length === 0) {
    return property?.kind === 'number'
      ? `${name} (range not set yet)`
      : `${name} (no values chosen yet)`;
  }
  const phrase =
    property?.kind === 'number'
      ? describeRange(condition, options)
      : describeOptionValues(condition, labelsByProperty[condition.property]);
  return `${name} ${phrase}`;
}

function describeGroup(
  group: TargetingGroup,
  properties: ReadonlyMap<string, TargetingProperty>,
  labelsByProperty: LabelsByProperty,
  options: DescribeOptions,
) {
  const joiner = group.operator === 'AND' ? ' and ' : ' or ';
  return group.conditions
    .map((condition) => describeCondition(condition, properties, labelsByProperty, options))
    .join(joiner);
}

/**
 * The rule as one plain English sentence: `Open to all creators.` or
 * `Creators where (Country is United States or Canada and …) or (Niche is Beauty).`
 * Labels come from `labelsByProperty` where known; unknown properties and values show raw.
 */
export function describeTargeting(
  targeting: Targeting | null,
  properties: readonly TargetingProperty[],
  labelsByProperty: LabelsByProperty = {},
  options: DescribeOptions = {},
): string {
  if (targeting === null) return 'Open to all creators.';
  if (targeting.groups.length === 0) return 'No rules yet: add a group of conditions.';
  const byId = new Map(properties.map((property) => [property.id, property]));
  const several = targeting.groups.length > 1;
  const groups = targeting.groups.map((group) => {
    if (group.conditions.length === 0) return '(no conditions yet)';
    const text = describeGroup(group, byId, labelsByProperty, options);
    return several ? `(${text})` : text;
  });
  const joiner = targeting.root_operator === 'AND' ? ' and ' : ' or ';
  return `Creators where ${groups.join(joiner)}.`;
}
