import type { TargetingCondition, TargetingProperty } from '#contract/targeting';
import { selectClasses } from './field-classes';

/** What the fields of a condition's operator and values (`NumberFields`, `OptionFields`) get. */
export type ConditionFieldsProps = {
  condition: TargetingCondition;
  /** "condition 1 in group Audience", for the fields' names. */
  where: string;
  valueIssues: readonly string[];
  onChange: (next: TargetingCondition) => void;
};

/** The operators in words, as a condition on each kind of property reads. */
const OPERATOR_WORDS: Record<
  TargetingProperty['kind'],
  Record<TargetingCondition['operator'], string>
> = {
  option: { IN: 'is any of', NOT_IN: 'is none of' },
  number: { IN: 'is between', NOT_IN: 'is not between' },
};

/** The operator of a condition on a property of that kind. */
export function OperatorSelect({
  kind,
  condition,
  where,
  onChange,
}: Omit<ConditionFieldsProps, 'valueIssues'> & { kind: TargetingProperty['kind'] }) {
  const wording = OPERATOR_WORDS[kind];
  return (
    <select
      aria-label={`Operator, ${where}`}
      className={selectClasses}
      value={condition.operator}
      onChange={(event) =>
        onChange({ ...condition, operator: event.target.value === 'NOT_IN' ? 'NOT_IN' : 'IN' })
      }
    >
      <option value="IN">{wording.IN}</option>
      <option value="NOT_IN">{wording.NOT_IN}</option>
    </select>
  );
}
