import type { Targeting, TargetingCondition, TargetingProperty } from '#contract/targeting';
import { parseRange, rangeOutOfBounds } from '#contract/targeting';
import { splitRange } from './number-range';
import { MAX_CONDITIONS, MAX_GROUP_NAME, MAX_GROUPS, MAX_VALUES } from './targeting-draft';

/**
 * A problem that blocks saving. `path` is relative to the Targeting object and spelled like the
 * service's 422 messages (`groups[0].conditions[1].values`), so both map onto the same place.
 */
export type TargetingIssue = { path: string; message: string };

const RANGE_EXAMPLE = 'one range like 10000-100000';

function conditionIssues(
  condition: TargetingCondition,
  path: string,
  where: string,
  properties: ReadonlyMap<string, TargetingProperty>,
): TargetingIssue[] {
  if (condition.property === '') {
    return [{ path: `${path}.property`, message: `${where}: choose a property.` }];
  }
  const property = properties.get(condition.property);
  if (!property) {
    return [
      {
        path: `${path}.property`,
        message: `${where} uses “${condition.property}”, which is no longer offered: remove the condition.`,
      },
    ];
  }
  const values = `${path}.values`;
  if (property.kind === 'option') {
    if (condition.values.length === 0) {
      return [{ path: values, message: `${where}: choose at least one ${property.name} value.` }];
    }
    if (condition.values.length > MAX_VALUES) {
      return [{ path: values, message: `${where}: choose at most ${MAX_VALUES} values.` }];
    }
    return [];
  }
  if (condition.values.length === 0) {
    return [
      { path: values, message: `${where}: enter a minimum and a maximum for ${property.name}.` },
    ];
  }
  if (condition.values.length > 1) {
    return [
      {
        path: values,
        message: `${where}: ${property.name} is a number property and takes ${RANGE_EXAMPLE}, not a list of values.`,
      },
    ];
  }
  const value = condition.values[0]!;
  if (parseRange(value) !== null) {
    const outside = rangeOutOfBounds(condition.property, value);
    return outside ? [{ path: values, message: `${where}: ${property.name} ${outside}.` }] : [];
  }
  return [
    {
      path: values,
      message: splitRange(value)
        ? `${where}: the minimum of ${property.name} is above its maximum.`
        : `${where}: “${value}” is not a range; ${property.name} takes ${RANGE_EXAMPLE}.`,
    },
  ];
}

/** Everything that keeps a rule from being saved, in reading order; empty when it can be. */
export function validateTargeting(
  targeting: Targeting | null,
  properties: readonly TargetingProperty[],
): TargetingIssue[] {
  if (targeting === null) return [];
  const byId = new Map(properties.map((property) => [property.id, property]));
  const issues: TargetingIssue[] = [];
  if (targeting.groups.length === 0) {
    issues.push({
      path: 'groups',
      message: 'Add a group of conditions, or choose “Open to all creators”.',
    });
  }
  if (targeting.groups.length > MAX_GROUPS) {
    issues.push({ path: 'groups', message: `Use at most ${MAX_GROUPS} groups.` });
  }
  targeting.groups.forEach((group, g) => {
    const path = `groups[${g}]`;
    const name = `Group ${g + 1}`;
    if ((group.name?.length ?? 0) > MAX_GROUP_NAME) {
      issues.push({
        path: `${path}.name`,
        message: `${name}: use a name of at most ${MAX_GROUP_NAME} characters.`,
      });
    }
    if (group.conditions.length === 0) {
      issues.push({
        path: `${path}.conditions`,
        message: `${name} has no conditions: add one or remove the group.`,
      });
    }
    if (group.conditions.length > MAX_CONDITIONS) {
      issues.push({
        path: `${path}.conditions`,
        message: `${name} has more than ${MAX_CONDITIONS} conditions.`,
      });
    }
    group.conditions.forEach((condition, c) => {
      issues.push(
        ...conditionIssues(
          condition,
          `${path}.conditions[${c}]`,
          `Condition ${c + 1} in group ${g + 1}`,
          byId,
        ),
      );
    });
  });
  return issues;
}
