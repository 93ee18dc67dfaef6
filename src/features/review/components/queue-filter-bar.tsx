import type { Task } from '#contract/tasks';
import { useId, type ReactNode } from 'react';
import { FilterDisclosure } from '#components/form/filter-disclosure';
import { SelectFilter } from '#components/form/filter-fields';
import { campaignFilter, filterBinder, taskFilter } from '#lib/list-filters';
import { NO_FILTERS, activeFilterCount, type QueueFilters } from '../queue-filters';

/**
 * The queue's filters (the ones the service applies: docs/decisions/0115) behind a disclosure ("Filters · 2 active"), closed by default on a phone so
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
      {/* A campaign's tasks: offered once a campaign is chosen. */}
      {filters.campaign ? (
        <SelectFilter id={`${id}-task`} {...taskFilter(tasks)} {...bind('task')} />
      ) : null}
    </FilterDisclosure>
  );
}
