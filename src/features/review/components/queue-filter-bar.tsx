import { PLATFORM_LABELS, Platform } from '#contract/enums';
import type { Task } from '#contract/tasks';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '#components/ui/button';
import { Label } from '#components/ui/label';
import { Select } from '#components/ui/select';
import { formatNumber } from '#lib/format';
import { NO_FILTERS, activeFilterCount, type QueueFilters } from '../queue-filters';

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
        <div className="space-y-1">
          <Label htmlFor={`${id}-campaign`}>Campaign</Label>
          <Select
            id={`${id}-campaign`}
            value={filters.campaign ?? ''}
            onChange={(e) => onChange({ campaign: e.target.value || null, task: null })}
          >
            <option value="">All campaigns</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-task`}>Task</Label>
          <Select
            id={`${id}-task`}
            value={filters.task ?? ''}
            onChange={(e) => onChange({ task: e.target.value || null })}
          >
            <option value="">All tasks</option>
            {tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-platform`}>Platform</Label>
          <Select
            id={`${id}-platform`}
            value={filters.platform ?? ''}
            onChange={(e) =>
              onChange({ platform: Platform.safeParse(e.target.value).data ?? null })
            }
          >
            <option value="">All platforms</option>
            {Platform.options.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-round`}>Revision round</Label>
          <Select
            id={`${id}-round`}
            value={filters.round ?? ''}
            onChange={(e) =>
              onChange({
                round:
                  e.target.value === 'first' || e.target.value === 'revision'
                    ? e.target.value
                    : null,
              })
            }
          >
            <option value="">All rounds</option>
            <option value="first">First submissions</option>
            <option value="revision">Revisions</option>
          </Select>
        </div>
      </div>
    </div>
  );
}
