import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Input } from '#components/ui/input';
import { Label } from '#components/ui/label';

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
 * A first and a last day (`YYYY-MM-DD`, null when empty). A last day before the first is said
 * under it; the list then leaves both out (`reversed` comes from the caller, which applies them).
 */
export function DateRangeFilter({
  id,
  labels,
  from,
  to,
  reversed,
  onChange,
}: {
  id: string;
  labels: { from: string; to: string };
  from: string | null;
  to: string | null;
  reversed: boolean;
  onChange: (range: { from?: string | null; to?: string | null }) => void;
}) {
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
