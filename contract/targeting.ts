import { z } from 'zod';
import { TARGETING_LIMITS } from './limits.ts';
import { listOf } from './common.ts';

export const TargetingOperator = z.enum(['AND', 'OR']);
export type TargetingOperator = z.infer<typeof TargetingOperator>;

export const ConditionOperator = z.enum(['IN', 'NOT_IN']);
export type ConditionOperator = z.infer<typeof ConditionOperator>;

export const TargetingPropertyKind = z.enum(['option', 'number']);
export type TargetingPropertyKind = z.infer<typeof TargetingPropertyKind>;

const RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/** Parses a `<min>-<max>` range string; null when it is not one or min > max. */
export function parseRange(value: string): { min: number; max: number } | null {
  const m = RANGE.exec(value);
  if (!m) return null;
  const min = Number(m[1]);
  const max = Number(m[2]);
  return min <= max ? { min, max } : null;
}

/** A number range as `<min>-<max>`, min not above max. */
export const NumberRange = z.string().refine((v) => parseRange(v) !== null, {
  error: 'must be a range "<min>-<max>" with min not above max',
});

/**
 * Number properties whose values have natural bounds (a percentage cannot pass 100). The ids are
 * the built-in properties' (see the service's built-in targeting); other number properties are
 * bounded only below, by 0.
 */
export const NUMBER_PROPERTY_BOUNDS: Readonly<Record<string, { min: number; max: number }>> = {
  prop_engagement_rate: { min: 0, max: 100 },
};

/** What is wrong with a number condition's range for `property`'s bounds; null when it fits. */
export function rangeOutOfBounds(property: string, value: string): string | null {
  const bounds = NUMBER_PROPERTY_BOUNDS[property];
  const range = parseRange(value);
  if (!bounds || !range) return null;
  return range.min < bounds.min || range.max > bounds.max
    ? `must lie within ${bounds.min}-${bounds.max}`
    : null;
}

export const TargetingCondition = z
  .strictObject({
    property: z
      .string()
      .min(1)
      .max(TARGETING_LIMITS.propertyId)
      .meta({ description: 'opaque id from GET /targeting/properties' }),
    operator: ConditionOperator,
    values: z
      .array(z.string().min(1).max(TARGETING_LIMITS.valueLength))
      .min(1)
      .max(TARGETING_LIMITS.valuesPerCondition)
      .meta({
        description: 'option values verbatim, or one "<min>-<max>" range for number properties',
      }),
  })
  .superRefine((condition, ctx) => {
    const [value] = condition.values;
    const problem = value === undefined ? null : rangeOutOfBounds(condition.property, value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['values', 0], message: problem });
  })
  .meta({
    id: 'TargetingCondition',
    description:
      'One condition of a targeting rule: a property from GET /targeting/properties, IN or NOT_IN, and option values verbatim or one "<min>-<max>" range for a number property.',
  });
export type TargetingCondition = z.infer<typeof TargetingCondition>;

export const TargetingGroup = z
  .strictObject({
    name: z.string().max(TARGETING_LIMITS.groupName).optional(),
    operator: TargetingOperator,
    conditions: z.array(TargetingCondition).max(TARGETING_LIMITS.conditionsPerGroup),
  })
  .meta({
    id: 'TargetingGroup',
    description: 'A named group of targeting conditions, combined with AND or OR.',
  });
export type TargetingGroup = z.infer<typeof TargetingGroup>;

/** A targeting rule; `null` where it is used means open to all. */
export const Targeting = z
  .strictObject({
    root_operator: TargetingOperator,
    groups: z.array(TargetingGroup).max(TARGETING_LIMITS.groups),
  })
  .meta({
    id: 'Targeting',
    description:
      "A campaign's targeting rule: groups of conditions combined with AND or OR. Where it is used, null means open to all.",
  });
export type Targeting = z.infer<typeof Targeting>;

export const TargetingProperty = z
  .object({ id: z.string(), name: z.string(), kind: TargetingPropertyKind })
  .meta({
    id: 'TargetingProperty',
    description:
      'A property campaigns can target: an option property lists its values, a number property takes a "<min>-<max>" range. Pass its id back exactly as listed.',
  });
export type TargetingProperty = z.infer<typeof TargetingProperty>;

export const TargetingPropertyList = listOf(TargetingProperty).meta({
  id: 'TargetingPropertyList',
  description: 'Every targeting property, in one piece (not paged).',
});
export type TargetingPropertyList = z.infer<typeof TargetingPropertyList>;

export const TargetingValue = z.object({ value: z.string(), label: z.string() }).meta({
  id: 'TargetingValue',
  description:
    'One value of an option property: the opaque value to put in a condition and the label to show.',
});
export type TargetingValue = z.infer<typeof TargetingValue>;

export const TargetingValueList = listOf(TargetingValue).meta({
  id: 'TargetingValueList',
  description: 'Every value of an option property, in one piece (not paged).',
});
export type TargetingValueList = z.infer<typeof TargetingValueList>;
