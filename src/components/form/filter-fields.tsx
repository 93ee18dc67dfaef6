import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Input } from '#components/ui/input';
import { Label } from '#components/ui/label';
import { Select } from '#components/ui/select';
import { daysReversed, type FilterChoice, type SelectFilterSpec } from '#lib/list-filters';

/** A labelled filter of a list; `wide` ones take the whole row on a phone. */
export function FilterField({
  id,
  label,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={clsx('min-w-0 space-y-1', wide && 'max-sm:col-span-2')}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * A labelled select of a list's filter (see `SelectFilterSpec`): with an `anyLabel`, an empty
 * first option stands for no filter (`null`). It only ever answers one of the choices' values, so
 * a value read from the URL needs no other check.
 */
export function SelectFilter<T extends string>({
  id,
  wide,
  label,
  anyLabel,
  choices,
  value,
  onChange,
}: SelectFilterSpec<T> & {
  id: string;
  wide?: boolean;
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  const flat = choices.flatMap((c) => ('group' in c ? c.options : [c]));
  const option = (c: FilterChoice<T>) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  );
  return (
    <FilterField id={id} label={label} wide={wide}>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(flat.find((c) => c.value === e.target.value)?.value ?? null)}
      >
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {choices.map((c) =>
          'group' in c ? (
            <optgroup key={c.group} label={c.group}>
              {c.options.map(option)}
            </optgroup>
          ) : (
            option(c)
          ),
        )}
      </Select>
    </FilterField>
  );
}

/**
 * A first and a last day (`YYYY-MM-DD`, null when empty). A last day before the first is said
 * under it; the list then leaves both out (see `daysReversed`).
 */
export function DateRangeFilter({
  id,
  labels,
  range: { from, to },
  onChange,
}: {
  id: string;
  labels: { from: string; to: string };
  range: { from: string | null; to: string | null };
  onChange: (range: { from?: string | null; to?: string | null }) => void;
}) {
  const reversed = daysReversed({ from, to });
  return (
    <>
      <FilterField id={`${id}-from`} label={labels.from}>
        <Input
          id={`${id}-from`}
          type="date"
          value={from ?? ''}
          onChange={(e) => onChange({ from: e.target.value || null })}
        />
      </FilterField>
      <FilterField id={`${id}-to`} label={labels.to}>
        <Input
          id={`${id}-to`}
          type="date"
          value={to ?? ''}
          aria-invalid={reversed ? true : undefined}
          aria-describedby={reversed ? `${id}-to-error` : undefined}
          onChange={(e) => onChange({ to: e.target.value || null })}
        />
        {reversed ? (
          <p id={`${id}-to-error`} className="text-xs text-red-800">
            The last day is before the first: the dates are not applied.
          </p>
        ) : null}
      </FilterField>
    </>
  );
}
