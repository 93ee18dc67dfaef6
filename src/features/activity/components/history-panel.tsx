import { useQuery } from '@tanstack/react-query';
import { ChevronDown, History } from 'lucide-react';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { InlineError } from '#components/ui/inline-error';
import { Spinner } from '#components/ui/spinner';
import type { AuditFilterQuery } from '../activity-filters';
import { historyOptions } from '../api/activity';
import { useNow } from '../use-now';
import { EntryLine } from './entry-line';

/**
 * The newest few changes of one campaign or one submission, with "Show all" to the Activity
 * screen filtered to it. `about` (one submission): each line says what was done to it and by
 * whom ("Approved by Maya Chen (reviewer)"). `collapsible`: a disclosure, closed until opened
 * (and nothing is fetched until then), where the space belongs to other controls.
 */
export function HistoryPanel({
  brandId,
  query,
  showAllHref,
  about = false,
  collapsible = false,
  limit = 5,
}: {
  brandId: string;
  query: AuditFilterQuery;
  showAllHref: string;
  about?: boolean;
  collapsible?: boolean;
  limit?: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(!collapsible);
  const history = useQuery({ ...historyOptions(brandId, query, limit), enabled: open });
  const now = useNow();
  const entries = history.data?.data ?? [];

  const content = (
    <>
      {history.isPending ? (
        <div className="py-2">
          <Spinner label="Loading the history…" />
        </div>
      ) : history.isError ? (
        <InlineError error={history.error} onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <p className="py-2 text-sm text-gray-600">No changes recorded yet.</p>
      ) : (
        <>
          <ol aria-label="Newest changes first" className="divide-y divide-gray-100">
            {entries.map((entry) => (
              <EntryLine key={entry.id} entry={entry} now={now} about={about} compact />
            ))}
          </ol>
          <Link
            to={showAllHref}
            className="mt-1 inline-block text-sm font-medium text-indigo-800 hover:underline"
          >
            Show all<span className="sr-only"> in Activity</span>
          </Link>
        </>
      )}
    </>
  );

  if (!collapsible) {
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2
          id={`${id}-title`}
          className="mb-2 flex items-center gap-2 text-lg font-semibold text-gray-900"
        >
          History
        </h2>
        <div className="rounded-lg border border-gray-200 bg-white px-4 py-2">{content}</div>
      </section>
    );
  }
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-content`}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1.5 rounded-md text-sm font-semibold text-gray-900 hover:text-indigo-800 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
      >
        <History aria-hidden="true" className="size-4" />
        History
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={`${id}-content`} hidden={!open} className="mt-1">
        {open ? content : null}
      </div>
    </div>
  );
}
