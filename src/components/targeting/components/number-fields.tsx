import { useId, useState } from 'react';
import { Input } from '#components/ui/input';
import {
  rangeProblems,
  rangeTextFromValues,
  rangeValues,
  splitRange,
  type RangeText,
} from '../number-range';
import { IssueList } from './issue-list';
import { OperatorSelect, type ConditionFieldsProps } from './operator-select';

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

// Operator and min-max of a condition on a `number` property: one "<min>-<max>" value.
export function NumberFields({ condition, where, valueIssues, onChange }: ConditionFieldsProps) {
  // What was typed, as long as it still says what the value says ("10,000", a half-typed range).
  const [draft, setDraft] = useState<RangeText | null>(null);
  // Problems show once the user has left a field, not while the first digits are typed.
  const [left, setLeft] = useState({ min: false, max: false });
  const minId = useId();
  const maxId = useId();
  const issuesId = useId();

  const shown =
    draft && sameValues(rangeValues(draft), condition.values)
      ? draft
      : rangeTextFromValues(condition.values);
  const problems = rangeProblems(shown).filter((p) =>
    p.field === 'both' ? left.min && left.max : left[p.field],
  );
  const unreadable =
    condition.values.length > 0 &&
    !(condition.values.length === 1 && splitRange(condition.values[0]!));
  const messages = [
    ...(unreadable
      ? [
          `Saved as “${condition.values.join(', ')}”, which is not a range: enter a minimum and a maximum.`,
        ]
      : []),
    ...(problems.length > 0 ? problems.map((p) => p.message) : valueIssues),
  ];
  const invalid = (field: 'min' | 'max') =>
    problems.some((p) => p.field === field || p.field === 'both') ||
    (problems.length === 0 && valueIssues.length > 0)
      ? true
      : undefined;

  const update = (field: 'min' | 'max', text: string) => {
    const next = { ...shown, [field]: text };
    setDraft(next);
    onChange({ ...condition, values: rangeValues(next) });
  };

  const numberInput = (field: 'min' | 'max', id: string, label: string) => (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-sm text-gray-700">
        {label}
      </label>
      <div className="w-28">
        <Input
          id={id}
          aria-label={`${label}, ${where}`}
          inputMode="decimal"
          autoComplete="off"
          value={shown[field]}
          aria-invalid={invalid(field)}
          aria-describedby={messages.length > 0 ? issuesId : undefined}
          onChange={(event) => update(field, event.target.value)}
          onBlur={() => setLeft((current) => ({ ...current, [field]: true }))}
        />
      </div>
    </div>
  );

  return (
    <>
      <OperatorSelect kind="number" condition={condition} where={where} onChange={onChange} />
      <div className="flex flex-wrap items-center gap-2">
        {numberInput('min', minId, 'Minimum')}
        <span aria-hidden="true" className="text-sm text-gray-600">
          and
        </span>
        {numberInput('max', maxId, 'Maximum')}
      </div>
      <IssueList id={issuesId} messages={messages} className="basis-full" />
    </>
  );
}
