import type {
  Targeting,
  TargetingCondition,
  TargetingGroup,
  TargetingProperty,
} from '#contract/targeting';
import { TARGETING_LIMITS } from '#contract/limits';

// The contract's bounds, by the names the editor uses (contract/limits.ts).
export const MAX_GROUPS = TARGETING_LIMITS.groups;
export const MAX_CONDITIONS = TARGETING_LIMITS.conditionsPerGroup;
export const MAX_VALUES = TARGETING_LIMITS.valuesPerCondition;
export const MAX_GROUP_NAME = TARGETING_LIMITS.groupName;

export const emptyCondition = (): TargetingCondition => ({
  property: '',
  operator: 'IN',
  values: [],
});

export const emptyGroup = (): TargetingGroup => ({ operator: 'AND', conditions: [] });

export const startingRule = (): Targeting => ({ root_operator: 'AND', groups: [emptyGroup()] });

/** The group with `name` set, or without the key at all when the name is empty. */
export function withGroupName(group: TargetingGroup, name: string): TargetingGroup {
  const { name: _previous, ...rest } = group;
  return name === '' ? rest : { ...rest, name };
}

export function sameTargeting(a: Targeting | null, b: Targeting | null): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, i) => (i === index ? item : current));
}

/** How people refer to a group: its name, or its position when it has none. */
export function groupTitle(group: TargetingGroup, index: number): string {
  return group.name?.trim() || String(index + 1);
}

export function propertyMap(properties: readonly TargetingProperty[]) {
  return new Map(properties.map((property) => [property.id, property]));
}
