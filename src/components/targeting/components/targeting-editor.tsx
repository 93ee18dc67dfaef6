import { Lock, Plus } from 'lucide-react';
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import type {
  Targeting,
  TargetingCondition,
  TargetingGroup,
  TargetingOperator,
  TargetingProperty,
} from '#contract/targeting';
import { Button } from '#components/ui/button';
import { newKey, NO_KEYS, reconcileRowKeys, type GroupKeys, type RowKeys } from '../row-keys';
import {
  emptyCondition,
  emptyGroup,
  MAX_GROUPS,
  moveItem,
  propertyMap,
  removeItem,
  replaceItem,
  sameTargeting,
  startingRule,
} from '../targeting-draft';
import type { UseTargetingValues } from '../targeting-values';
import type { TargetingIssue } from '../validate-targeting';
import { ChoiceToggle } from './choice-toggle';
import { IssueList } from './issue-list';
import { ReadsAs } from './reads-as';
import { TargetingGroupFieldset, type GroupActions } from './targeting-group-fieldset';

export type TargetingEditorHandle = { focus: () => void };

export type TargetingEditorProps = {
  /** null: open to all creators */
  value: Targeting | null;
  onChange: (next: Targeting | null) => void;
  /** Called when focus leaves the whole editor (react-hook-form's `field.onBlur`). */
  onBlur?: () => void;
  properties: readonly TargetingProperty[];
  useValues: UseTargetingValues;
  disabled?: boolean;
  disabledReason?: string;
  /** Shown where their paths point, e.g. the result of `validateTargeting` after a save attempt. */
  errors?: readonly TargetingIssue[];
  legend?: string;
  ref?: Ref<TargetingEditorHandle>;
};

type Memory = {
  /** the value `keys` describe */
  value: Targeting | null;
  keys: RowKeys;
  /** the rules put aside by choosing "Open to all creators", restored by choosing rules again */
  saved: { value: Targeting; keys: RowKeys } | null;
};

const groupOperators = [
  { value: 'AND', label: 'Match ALL groups' },
  { value: 'OR', label: 'Match ANY group' },
] as const satisfies readonly { value: TargetingOperator; label: string }[];

const NO_ISSUES: readonly TargetingIssue[] = [];

// Paths may also come as react-hook-form/zod spell them (`groups.0.values`) or as the service's 422
// names the field (`targeting.groups[0].values`); they all point at the same place.
const normalizeIssuePath = (issue: TargetingIssue): TargetingIssue => ({
  ...issue,
  path: issue.path.replace(/^targeting(?:\.|$)/, '').replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]'),
});

const underGroup = (path: string, g: number) =>
  path === `groups[${g}]` || path.startsWith(`groups[${g}].`) || path.startsWith(`groups[${g}][`);

function ModeOption({
  inputId,
  name,
  checked,
  onSelect,
  label,
  hint,
}: {
  inputId: string;
  name: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex gap-3 rounded-md border border-gray-300 bg-white p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50">
      <input
        id={inputId}
        type="radio"
        name={name}
        className="mt-0.5 size-4 shrink-0 accent-indigo-700"
        checked={checked}
        aria-describedby={`${inputId}-hint`}
        onChange={onSelect}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function TargetingEditor({
  value,
  onChange,
  onBlur,
  properties,
  useValues,
  disabled = false,
  disabledReason,
  errors: givenErrors = NO_ISSUES,
  legend = 'Who can join',
  ref,
}: TargetingEditorProps) {
  const id = useId();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const [memory, setMemory] = useState<Memory>(() => ({
    value,
    keys: reconcileRowKeys(NO_KEYS, value),
    saved: null,
  }));
  let keys = memory.keys;
  if (!sameTargeting(memory.value, value)) {
    // The value changed outside the editor (a form reset, a loaded campaign).
    keys = reconcileRowKeys(memory.keys, value);
    setMemory({ ...memory, value, keys });
  }

  useImperativeHandle(
    ref,
    () => ({
      focus: () => {
        const root = rootRef.current;
        const target =
          root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
          root?.querySelector<HTMLElement>('input[type="radio"]:checked');
        target?.focus();
      },
    }),
    [],
  );

  const focusControl = (focusId: string) => {
    const root = rootRef.current;
    if (!root) return;
    const rowKey = focusId.split(':')[0];
    const target =
      root.querySelector<HTMLElement>(`[data-focus-id="${focusId}"]`) ??
      root.querySelector<HTMLElement>(
        ['input', 'select', 'button'].map((tag) => `[data-row-key="${rowKey}"] ${tag}`).join(', '),
      );
    target?.focus();
  };

  // Every edit goes through here: the keys follow the value, and when the edit moved or removed
  // the focused control, focus goes where the user expects once the new rows are in the DOM.
  const commit = (
    next: Targeting | null,
    nextKeys: RowKeys,
    focusId?: string,
    saved: Memory['saved'] = memory.saved,
  ) => {
    const apply = () => {
      setMemory({ value: next, keys: nextKeys, saved });
      onChange(next);
    };
    if (focusId === undefined) {
      apply();
      return;
    }
    flushSync(apply);
    focusControl(focusId);
  };

  const chooseOpenToAll = () => {
    if (value !== null) commit(null, keys, undefined, { value, keys });
  };
  const chooseRules = () => {
    if (value !== null) return;
    if (memory.saved) {
      const { value: restored, keys: restoredKeys } = memory.saved;
      commit(restored, { ...restoredKeys, next: Math.max(restoredKeys.next, keys.next) });
      return;
    }
    const [key, withKey] = newKey(keys);
    commit(startingRule(), { ...withKey, groups: [{ key, conditions: [] }] });
  };

  const editGroups = (
    rules: Targeting,
    groups: TargetingGroup[],
    groupKeys: readonly GroupKeys[],
    focusId?: string,
    base: RowKeys = keys,
  ) => commit({ ...rules, groups }, { ...base, groups: groupKeys }, focusId);

  const groupActions = (rules: Targeting): GroupActions => ({
    setGroup: (g, next) => editGroups(rules, replaceItem(rules.groups, g, next), keys.groups),
    moveGroup: (g, by) => {
      const to = g + by;
      const key = keys.groups[g]?.key;
      if (to < 0 || to >= rules.groups.length || !key) return;
      editGroups(
        rules,
        moveItem(rules.groups, g, to),
        moveItem(keys.groups, g, to),
        `${key}:${by < 0 ? 'up' : 'down'}`,
      );
    },
    removeGroup: (g) => {
      const after = keys.groups[g + 1]?.key;
      editGroups(
        rules,
        removeItem(rules.groups, g),
        removeItem(keys.groups, g),
        after ? `${after}:first` : 'add-group',
      );
    },
    addCondition: (g) => {
      const group = rules.groups[g];
      const groupKeys = keys.groups[g];
      if (!group || !groupKeys) return;
      const [key, base] = newKey(keys);
      editGroups(
        rules,
        replaceItem(rules.groups, g, {
          ...group,
          conditions: [...group.conditions, emptyCondition()],
        }),
        replaceItem(keys.groups, g, { ...groupKeys, conditions: [...groupKeys.conditions, key] }),
        `${key}:first`,
        base,
      );
    },
    setCondition: (g, c, next) => editConditions(rules, g, (list) => replaceItem(list, c, next)),
    moveCondition: (g, c, by) => {
      const group = rules.groups[g];
      const key = keys.groups[g]?.conditions[c];
      const to = c + by;
      if (!group || !key || to < 0 || to >= group.conditions.length) return;
      editConditions(
        rules,
        g,
        (list) => moveItem(list, c, to),
        (list) => moveItem(list, c, to),
        `${key}:${by < 0 ? 'up' : 'down'}`,
      );
    },
    removeCondition: (g, c) => {
      const groupKeys = keys.groups[g];
      if (!groupKeys) return;
      const after = groupKeys.conditions[c + 1];
      editConditions(
        rules,
        g,
        (list) => removeItem(list, c),
        (list) => removeItem(list, c),
        after ? `${after}:first` : `${groupKeys.key}:add-condition`,
      );
    },
  });

  const editConditions = (
    rules: Targeting,
    g: number,
    change: (list: readonly TargetingCondition[]) => TargetingCondition[],
    changeKeys: (list: readonly string[]) => string[] = (list) => [...list],
    focusId?: string,
  ) => {
    const group = rules.groups[g];
    const groupKeys = keys.groups[g];
    if (!group || !groupKeys) return;
    editGroups(
      rules,
      replaceItem(rules.groups, g, { ...group, conditions: change(group.conditions) }),
      replaceItem(keys.groups, g, { ...groupKeys, conditions: changeKeys(groupKeys.conditions) }),
      focusId,
    );
  };

  const addGroup = (rules: Targeting) => {
    if (rules.groups.length >= MAX_GROUPS) return;
    const [key, base] = newKey(keys);
    editGroups(
      rules,
      [...rules.groups, emptyGroup()],
      [...keys.groups, { key, conditions: [] }],
      `${key}:first`,
      base,
    );
  };

  const reasonId = `${id}-reason`;
  const modeName = `${id}-mode`;
  const rootIssuesId = `${id}-issues`;
  const propertiesById = propertyMap(properties);
  const errors = givenErrors.map(normalizeIssuePath);
  const rootIssues = errors.filter((issue) => !/^groups\[\d+\]/.test(issue.path));

  return (
    <fieldset
      ref={rootRef}
      disabled={disabled}
      aria-describedby={disabled && disabledReason ? reasonId : undefined}
      className="min-w-0 space-y-4"
      onBlur={(event) => {
        if (onBlur && !event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <legend className="text-base font-semibold text-gray-900">{legend}</legend>
      {disabled && disabledReason ? (
        <p id={reasonId} className="flex items-start gap-2 text-sm text-gray-700">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{disabledReason}</span>
        </p>
      ) : null}

      <div className="grid gap-2 sm:grid-cols-2">
        <ModeOption
          inputId={`${id}-open`}
          name={modeName}
          checked={value === null}
          onSelect={chooseOpenToAll}
          label="Open to all creators"
          hint="Any creator can join."
        />
        <ModeOption
          inputId={`${id}-rules`}
          name={modeName}
          checked={value !== null}
          onSelect={chooseRules}
          label="Only creators who match these rules"
          hint="Creators join only if they match the groups below."
        />
      </div>

      {value !== null ? (
        <div className="space-y-4">
          <IssueList id={rootIssuesId} messages={rootIssues.map((issue) => issue.message)} />
          {value.groups.length >= 2 ? (
            <ChoiceToggle
              legend="How groups combine"
              name={`${id}-root-operator`}
              value={value.root_operator}
              options={groupOperators}
              onChange={(root_operator) => commit({ ...value, root_operator }, keys)}
            />
          ) : null}
          {value.groups.length > 0 ? (
            <ol className="space-y-2">
              {value.groups.map((group, g) => {
                const groupKeys = keys.groups[g] ?? { key: `g${g}`, conditions: [] };
                return (
                  <TargetingGroupFieldset
                    key={groupKeys.key}
                    group={group}
                    index={g}
                    count={value.groups.length}
                    keys={groupKeys}
                    rootOperator={value.root_operator}
                    properties={properties}
                    propertiesById={propertiesById}
                    useValues={useValues}
                    issues={errors.filter((issue) => underGroup(issue.path, g))}
                    actions={groupActions(value)}
                  />
                );
              })}
            </ol>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              data-focus-id="add-group"
              aria-describedby={rootIssues.length > 0 ? rootIssuesId : undefined}
              disabled={value.groups.length >= MAX_GROUPS}
              onClick={() => addGroup(value)}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add group
            </Button>
            {value.groups.length >= MAX_GROUPS ? (
              <p className="text-sm text-gray-600">A rule holds at most {MAX_GROUPS} groups.</p>
            ) : null}
          </div>
        </div>
      ) : null}

      <ReadsAs value={value} properties={properties} useValues={useValues} />
    </fieldset>
  );
}
