import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '#components/ui/button';
import { formatNumber } from '#lib/format';

/** Wide screens show the filters at once; on a phone they fold away above what they filter. */
const openByDefault = () => window.matchMedia?.('(min-width: 768px)').matches ?? true;

/**
 * A list's filters behind a disclosure ("Filters · 2 active", and "Clear filters" while any is
 * set), closed by default on a phone so that what they filter comes first; `aside` sits beside
 * the toggle. `children` are the filter fields.
 */
export function FilterDisclosure({
  active,
  onClear,
  aside,
  openWhenActive = false,
  children,
}: {
  /** How many filters are set. */
  active: number;
  onClear: () => void;
  aside?: ReactNode;
  /** Open on a phone too when it opens with a filter set (a link that filters, say). */
  openWhenActive?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(() => (openWhenActive && active > 0) || openByDefault());
  return (
    <div className="space-y-3">
      <div className="flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {active > 0 ? (
            <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800">
              {formatNumber(active)} active
            </span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-4 transition-transform', open && 'rotate-180')}
          />
        </Button>
        {active > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
        {aside}
      </div>
      <div
        id={`${id}-filters`}
        role="group"
        aria-label="Filters"
        hidden={!open}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {children}
      </div>
    </div>
  );
}
