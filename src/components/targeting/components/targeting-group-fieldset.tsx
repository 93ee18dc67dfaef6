import { Plus } from 'lucide-react';
import { useId } from 'react';
import type {
  TargetingCondition,
  TargetingGroup,
  TargetingOperator,
  TargetingProperty,
} from '#contract/targeting';
import { Button } from '#components/ui/button';
import { Input } from '#components/ui/input';
import { Label } from '#components/ui/label';
import type { GroupKeys } from '../row-keys';
import { groupTitle, MAX_CONDITIONS, MAX_GROUP_NAME, withGroupName } from '../targeting-draft';
import type { UseTargetingValues } from '../targeting-values';
import type { TargetingIssue } from '../validate-targeting';
import { ChoiceToggle } from './choice-toggle';
import { ConditionRow } from './condition-row';
import { IssueList } from './issue-list';
import { RowActions } from './row-actions';

export type GroupActions = {
  setGroup: (g: number, next: TargetingGroup) => void;
  moveGroup: (g: number, by: -1 | 1) => void;
  removeGroup: (g: number) => void;
  addCondition: (g: number) => void;
  setCondition: (g: number, c: number, next: TargetingCondition) => void;
  moveCondition: (g: number, c: number, by: -1 | 1) => void;
  removeCondition: (g: number, c: number) => void;
};

const conditionOperators = [
  { value: 'AND', label: 'Match ALL conditions' },
  { value: 'OR', label: 'Match ANY condition' },
] as const satisfies readonly { value: TargetingOperator; label: string }[];

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);

export function TargetingGroupFieldset({
  group,
  index,
  count,
  keys,
  rootOperator,
  properties,
  propertiesById,
  useValues,
  issues,
  actions,
}: {
  group: TargetingGroup;
  index: number;
  count: number;
  keys: GroupKeys;
  rootOperator: TargetingOperator;
  properties: readonly TargetingProperty[];
  propertiesById: ReadonlyMap<string, TargetingProperty>;
  useValues: UseTargetingValues;
  issues: readonly TargetingIssue[];
  actions: GroupActions;
}) {
  const nameId = useId();
  const operatorName = useId();
  const issuesId = useId();
  const title = groupTitle(group, index);
  const path = `groups[${index}]`;
  const ownIssues = issues.filter((i) => !i.path.startsWith(`${path}.conditions[`));
  const nameInvalid = ownIssues.some((i) => i.path === `${path}.name`);
  const full = group.conditions.length >= MAX_CONDITIONS;

  return (
    <li data-row-key={keys.key}>
      {index > 0 ? (
        <p aria-hidden="true" className="mb-2 text-center">
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800 uppercase">
            {rootOperator === 'AND' ? 'and' : 'or'}
          </span>
        </p>
      ) : null}
      <fieldset className="min-w-0 rounded-lg border border-gray-300 bg-white p-4 shadow-xs">
        <legend className="px-1 text-sm font-semibold text-gray-900">
          Group {index + 1}
          {group.name?.trim() ? `: ${group.name.trim()}` : ''}
        </legend>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <Label htmlFor={nameId}>
              Name of group {index + 1}{' '}
              <span className="font-normal text-gray-600">(optional)</span>
            </Label>
            <Input
              id={nameId}
              className="mt-1.5"
              autoComplete="off"
              maxLength={MAX_GROUP_NAME}
              data-focus-id={`${keys.key}:first`}
              value={group.name ?? ''}
              aria-invalid={nameInvalid || undefined}
              aria-describedby={nameInvalid ? issuesId : undefined}
              onChange={(event) =>
                actions.setGroup(index, withGroupName(group, event.target.value))
              }
            />
          </div>
          <RowActions
            item={`group ${title}`}
            rowKey={keys.key}
            index={index}
            count={count}
            onMove={(by) => actions.moveGroup(index, by)}
            onRemove={() => actions.removeGroup(index)}
          />
        </div>
        <ChoiceToggle
          className="mt-4"
          legend={
            <>
              How conditions combine<span className="sr-only"> in group {title}</span>
            </>
          }
          name={operatorName}
          value={group.operator}
          options={conditionOperators}
          onChange={(operator) => actions.setGroup(index, { ...group, operator })}
        />
        {group.conditions.length > 0 ? (
          <ol className="mt-4 space-y-3">
            {group.conditions.map((condition, c) => {
              const rowKey = keys.conditions[c] ?? `${keys.key}-${c}`;
              const conditionPath = `${path}.conditions[${c}]`;
              return (
                <ConditionRow
                  key={rowKey}
                  condition={condition}
                  index={c}
                  count={group.conditions.length}
                  rowKey={rowKey}
                  groupTitle={title}
                  groupOperator={group.operator}
                  properties={properties}
                  property={propertiesById.get(condition.property)}
                  useValues={useValues}
                  issues={issues.filter((i) => under(i.path, conditionPath))}
                  path={conditionPath}
                  onChange={(next) => actions.setCondition(index, c, next)}
                  onMove={(by) => actions.moveCondition(index, c, by)}
                  onRemove={() => actions.removeCondition(index, c)}
                />
              );
            })}
          </ol>
        ) : (
          <p className="mt-4 text-sm text-gray-600">
            No conditions yet. Add one to say which creators this group lets in.
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Add condition to group ${title}`}
            aria-describedby={ownIssues.length > 0 ? issuesId : undefined}
            data-focus-id={`${keys.key}:add-condition`}
            disabled={full}
            onClick={() => actions.addCondition(index)}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add condition
          </Button>
          {full ? (
            <p className="text-sm text-gray-600">
              A group holds at most {MAX_CONDITIONS} conditions.
            </p>
          ) : null}
        </div>
        <IssueList id={issuesId} messages={ownIssues.map((i) => i.message)} className="mt-2" />
      </fieldset>
    </li>
  );
}
