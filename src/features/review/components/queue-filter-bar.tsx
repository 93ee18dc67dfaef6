import type { Task } from '#contract/tasks';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '#components/ui/button';
import { SelectFilter } from '#components/form/filter-fields';
import {
  campaignFilter,
  filterBinder,
  PLATFORM_FILTER,
  taskFilter,
  type SelectFilterSpec,
} from '#lib/list-filters';
import { formatNumber } from '#lib/format';
import { NO_FILTERS, activeFilterCount, type QueueFilters } from '../queue-filters';

const ROUND_FILTER: SelectFilterSpec<'first' | 'revision'> = {
  label: 'Revision round',
  anyLabel: 'All rounds',
  choices: [
    { value: 'first', label: 'First submissions' },
    { value: 'revision', label: 'Revisions' },
  ],
};

/** Wide screens show the filters at once; on a phone they fold away above the submission. */
const openByDefault = () => window.matchMedia?.('(min-width: 768px)').matches ?? true;

/**
 * The queue's filters behind a disclosure ("Filters · 2 active"), closed by default on a phone so
 * the submission and its decision come first; `aside` sits beside the toggle (the count).
 */
export function QueueFilterBar({
  filters,
  campaigns,
  tasks,
  onChange,
  aside,
}: {
  filters: QueueFilters;
  campaigns: readonly { id: string; name: string }[];
  tasks: readonly Task[];
  onChange: (changes: Partial<QueueFilters>) => void;
  aside?: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(openByDefault);
  const active = activeFilterCount(filters);
  const bind = filterBinder(filters, onChange);
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
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
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
        <SelectFilter
          id={`${id}-campaign`}
          {...campaignFilter(campaigns)}
          value={filters.campaign}
          // Another campaign has other tasks: the task filter resets.
          onChange={(campaign) => onChange({ campaign, task: null })}
        />
        <SelectFilter id={`${id}-task`} {...taskFilter(tasks)} {...bind('task')} />
        <SelectFilter id={`${id}-platform`} {...PLATFORM_FILTER} {...bind('platform')} />
        <SelectFilter id={`${id}-round`} {...ROUND_FILTER} {...bind('round')} />
      </div>
    </div>
  );
}
