import { useId } from 'react';
import type { TargetingCondition, TargetingOperator, TargetingProperty } from '#contract/targeting';
import type { TargetingIssue } from '../validate-targeting';
import type { UseTargetingValues } from '../targeting-values';
import { selectClasses } from './field-classes';
import { IssueList } from './issue-list';
import { NumberFields } from './number-fields';
import type { ConditionFieldsProps } from './operator-select';
import { OptionFields } from './option-fields';
import { RowActions } from './row-actions';

export function ConditionRow({
  condition,
  groupTitle,
  groupOperator,
  properties,
  property,
  useValues,
  issues,
  path,
  onChange,
  ...position
}: {
  condition: TargetingCondition;
  /** Where the row stands among its group's, for its actions (move, remove). */
  index: number;
  count: number;
  rowKey: string;
  groupTitle: string;
  groupOperator: TargetingOperator;
  properties: readonly TargetingProperty[];
  /** undefined when no property is chosen or the chosen one is no longer offered */
  property: TargetingProperty | undefined;
  useValues: UseTargetingValues;
  issues: readonly TargetingIssue[];
  path: string;
  onChange: (next: TargetingCondition) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { index, rowKey } = position;
  const titleId = useId();
  const issuesId = useId();
  const unknown = condition.property !== '' && !property;
  const where = `condition ${index + 1} in group ${groupTitle}`;
  const shownProperty = property?.name ?? (unknown ? condition.property : '');
  const item = `condition ${index + 1}${shownProperty ? ` (${shownProperty})` : ''} in group ${groupTitle}`;

  // Problems with the values are shown by the fields that edit them, when there are such fields.
  const valuesPath = `${path}.values`;
  const aboutValues = (issue: TargetingIssue) =>
    property !== undefined &&
    (issue.path === valuesPath || issue.path.startsWith(`${valuesPath}[`));
  const valueIssues = issues.filter(aboutValues).map((i) => i.message);
  const otherIssues = issues.filter((i) => !aboutValues(i)).map((i) => i.message);
  const propertyInvalid = issues.some((i) => i.path === `${path}.property`);
  const valueFields: ConditionFieldsProps = { condition, where, valueIssues, onChange };

  return (
    <li data-row-key={rowKey}>
      <div
        role="group"
        aria-labelledby={titleId}
        className="rounded-md border border-gray-200 bg-gray-50 p-3"
      >
        <div className="flex items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-gray-700">
            {index > 0 ? (
              <span
                aria-hidden="true"
                className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-semibold text-indigo-800 uppercase"
              >
                {groupOperator === 'AND' ? 'and' : 'or'}
              </span>
            ) : null}
            <span id={titleId}>Condition {index + 1}</span>
          </p>
          <RowActions item={item} {...position} />
        </div>
        <div className="mt-2 flex flex-wrap items-start gap-2">
          {unknown ? (
            <div className="min-w-0 flex-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
              <p>
                <span className="font-medium">Unknown property</span>{' '}
                <code className="rounded bg-white px-1">{condition.property}</code>{' '}
                {condition.operator === 'IN' ? 'is any of' : 'is none of'}{' '}
                <span className="break-all">{condition.values.join(', ') || '(no values)'}</span>
              </p>
              <p className="mt-1">
                This property is no longer offered, so this condition can’t be edited. Remove it to
                save the rule.
              </p>
            </div>
          ) : (
            <select
              aria-label={`Property, ${where}`}
              className={selectClasses}
              data-focus-id={`${rowKey}:first`}
              value={condition.property}
              aria-invalid={propertyInvalid || undefined}
              aria-describedby={otherIssues.length > 0 ? issuesId : undefined}
              onChange={(event) =>
                onChange({ property: event.target.value, operator: condition.operator, values: [] })
              }
            >
              <option value="" disabled>
                Choose a property…
              </option>
              {properties.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
          {property?.kind === 'option' ? (
            <OptionFields
              key={property.id}
              property={property}
              useValues={useValues}
              {...valueFields}
            />
          ) : null}
          {property?.kind === 'number' ? <NumberFields key={property.id} {...valueFields} /> : null}
        </div>
        <IssueList id={issuesId} messages={otherIssues} className="mt-2" />
      </div>
    </li>
  );
}
