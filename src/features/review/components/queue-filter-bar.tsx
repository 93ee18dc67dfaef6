import type { Task } from '#contract/tasks';
import { useId, type ReactNode } from 'react';
import { FilterDisclosure } from '#components/form/filter-disclosure';
import { SelectFilter } from '#components/form/filter-fields';
import {
  campaignFilter,
  filterBinder,
  PLATFORM_FILTER,
  taskFilter,
  type SelectFilterSpec,
} from '#lib/list-filters';
import { NO_FILTERS, activeFilterCount, type QueueFilters } from '../queue-filters';

const ROUND_FILTER: SelectFilterSpec<'first' | 'revision'> = {
  label: 'Revision round',
  anyLabel: 'All rounds',
  choices: [
    { value: 'first', label: 'First submissions' },
    { value: 'revision', label: 'Revisions' },
  ],
};

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
  const bind = filterBinder(filters, onChange);
  return (
    <FilterDisclosure
      active={activeFilterCount(filters)}
      onClear={() => onChange(NO_FILTERS)}
      aside={aside}
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
    </FilterDisclosure>
  );
}
