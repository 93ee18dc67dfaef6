import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TargetingProperty } from '#contract/targeting';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Checkbox } from '#components/ui/checkbox';
import { Input } from '#components/ui/input';
import { Spinner } from '#components/ui/spinner';
import type { UseTargetingValues } from '../targeting-values';
import { fieldButtonClasses } from './field-classes';
import { IssueList } from './issue-list';
import { OperatorSelect, type ConditionFieldsProps } from './operator-select';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A pasted or typed list: "United States, Canada", one per line, or separated by semicolons. */
const LIST_SEPARATOR = /[,;\n\r\t]+/;
export const isValueList = (text: string) => LIST_SEPARATOR.test(text.trim());

/**
 * The offered values a list names: each term picks the value whose label (or value) it is, without
 * regard to case or accents, else the one value whose label contains it; the terms that pick
 * nothing (or could be several values) are returned as written.
 */
export function matchValueList(
  text: string,
  offered: readonly { value: string; label: string }[],
): { values: string[]; unmatched: string[] } {
  const values: string[] = [];
  const unmatched: string[] = [];
  for (const term of text.split(LIST_SEPARATOR).map((t) => t.trim())) {
    if (!term) continue;
    const needle = fold(term);
    const exact = offered.find((o) => fold(o.label) === needle || fold(o.value) === needle);
    const partial = offered.filter((o) => fold(o.label).includes(needle));
    const found = exact ?? (partial.length === 1 ? partial[0] : undefined);
    if (found) {
      if (!values.includes(found.value)) values.push(found.value);
    } else unmatched.push(term);
  }
  return { values, unmatched };
}

const quoted = (terms: readonly string[]) => terms.map((t) => `“${t}”`).join(', ');

function summarize(labels: readonly string[]) {
  if (labels.length === 0) return 'Choose values';
  if (labels.length <= 2) return labels.join(', ');
  return `${labels[0]}, ${labels[1]} and ${labels.length - 2} more`;
}

// Operator and values of a condition on an `option` property: a button showing the chosen labels
// opens a searchable list of checkboxes under the row; the opaque values are what is sent.
export function OptionFields({
  property,
  condition,
  where,
  useValues,
  valueIssues,
  onChange,
}: ConditionFieldsProps & {
  property: TargetingProperty;
  useValues: UseTargetingValues;
}) {
  const { data, isLoading, error, refetch } = useValues(property.id);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  /** What the last pasted list did: which values it chose and which terms matched none. */
  const [listNote, setListNote] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const searchId = useId();
  const issuesId = useId();

  const labelOf = (value: string) => data?.find((known) => known.value === value)?.label ?? value;
  const chosen = new Set(condition.values);
  const offered = new Set(data?.map((known) => known.value));
  const retired = data ? condition.values.filter((value) => !offered.has(value)) : [];
  const needle = fold(query.trim());
  const matching = isValueList(query)
    ? (data ?? [])
    : (data ?? []).filter((known) => fold(known.label).includes(needle));

  const setChosen = (value: string, checked: boolean) =>
    onChange({
      ...condition,
      values: checked
        ? [...condition.values, value]
        : condition.values.filter((current) => current !== value),
    });

  /** Chooses every value a list names (keeping those chosen) and says what matched nothing. */
  const chooseList = (text: string) => {
    if (!data) return;
    const { values, unmatched } = matchValueList(text, data);
    const added = values.filter((value) => !chosen.has(value));
    if (added.length > 0) onChange({ ...condition, values: [...condition.values, ...added] });
    setQuery('');
    const picked =
      values.length === 0 ? 'No value was chosen.' : `Chosen: ${values.map(labelOf).join(', ')}.`;
    setListNote(
      unmatched.length === 0
        ? picked
        : `${picked} No ${property.name} value matches ${quoted(unmatched)}.`,
    );
  };

  const openPanel = () => {
    flushSync(() => setOpen(true));
    searchRef.current?.focus();
  };
  const closePanel = () => {
    toggleRef.current?.focus();
    setOpen(false);
    setQuery('');
    setListNote(null);
  };

  return (
    <>
      <OperatorSelect kind="option" condition={condition} where={where} onChange={onChange} />
      <button
        ref={toggleRef}
        type="button"
        className={fieldButtonClasses}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={valueIssues.length > 0 ? issuesId : undefined}
        onClick={open ? closePanel : openPanel}
      >
        <span className="sr-only">Values, {where}: </span>
        <span
          className={condition.values.length === 0 ? 'text-gray-600' : 'truncate'}
          title={condition.values.length > 2 ? condition.values.map(labelOf).join(', ') : undefined}
        >
          {summarize(condition.values.map(labelOf))}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-600" />
      </button>
      <IssueList id={issuesId} messages={valueIssues} className="basis-full" />
      {open ? (
        <div
          id={panelId}
          className="basis-full rounded-md border border-gray-300 bg-white p-3 shadow-sm"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Closes the list only, not a dialog the editor may sit in.
            event.preventDefault();
            event.stopPropagation();
            closePanel();
          }}
        >
          <label htmlFor={searchId} className="block text-sm font-medium text-gray-900">
            Search {property.name} values
          </label>
          <Input
            ref={searchRef}
            id={searchId}
            aria-label={`Search ${property.name} values, ${where}`}
            type="search"
            autoComplete="off"
            className="mt-1.5"
            aria-describedby={`${searchId}-hint`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setListNote(null);
            }}
            onPaste={(event) => {
              // A pasted list ("United States, Canada") chooses each value it names.
              const text = event.clipboardData.getData('text');
              if (!isValueList(text)) return;
              event.preventDefault();
              chooseList(text);
            }}
            onKeyDown={(event) => {
              // Enter here means "pick", never "submit the campaign form"; on a typed list
              // ("Spain, Italy") it chooses what the list names.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (isValueList(query)) chooseList(query);
            }}
          />
          <p id={`${searchId}-hint`} className="mt-1 text-xs text-gray-600">
            Paste or type several, separated by commas, to choose them all.
          </p>
          <p
            role="status"
            aria-label={`Values chosen from a list, ${where}`}
            className="mt-1 text-sm text-gray-800 empty:hidden"
          >
            {listNote ?? (isValueList(query) ? 'Press Enter to choose every value listed.' : null)}
          </p>
          <div
            role="group"
            aria-label={`${property.name} values, ${where}`}
            className="mt-2 max-h-60 space-y-0.5 overflow-y-auto"
          >
            {isLoading ? <Spinner label={`Loading ${property.name} values…`} /> : null}
            {error ? (
              <Alert tone="error" title={`The ${property.name} values could not be loaded.`}>
                {refetch ? (
                  <Button variant="secondary" size="sm" onClick={() => void refetch()}>
                    Try again
                  </Button>
                ) : null}
              </Alert>
            ) : null}
            {retired.map((value) => (
              <label key={value} className="flex items-center gap-2 rounded px-1 py-1 text-sm">
                <Checkbox checked onChange={(event) => setChosen(value, event.target.checked)} />
                <span>
                  {value} <span className="text-gray-600">(no longer offered)</span>
                </span>
              </label>
            ))}
            {matching.map((known) => (
              <label
                key={known.value}
                className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-gray-50"
              >
                <Checkbox
                  checked={chosen.has(known.value)}
                  onChange={(event) => setChosen(known.value, event.target.checked)}
                />
                <span>{known.label}</span>
              </label>
            ))}
            {data && matching.length === 0 && !isValueList(query) ? (
              <p className="px-1 py-1 text-sm text-gray-600">
                {query.trim()
                  ? `No ${property.name} values match “${query.trim()}”.`
                  : 'No values.'}
              </p>
            ) : null}
          </div>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p className="text-sm text-gray-600">{condition.values.length} selected</p>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Done choosing values, ${where}`}
              onClick={closePanel}
            >
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
