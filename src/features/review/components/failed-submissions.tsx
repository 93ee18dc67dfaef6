import type { Task } from '#contract/tasks';
import { CircleCheck } from 'lucide-react';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { ExternalLink } from '#components/ui/external-link';
import { formatDateTime } from '#lib/format';
import type { QueueItem } from '../api/review';
import { roundLabel } from './current-submission';
import { failureInWords, MediaChecks } from './media-checks';

/**
 * The failed submissions, oldest first (the queue's order, read a page at a time: `more`), each with why in words (the check that failed and
 * what was found), what inspection found, the task and a link to the media. Nothing to decide:
 * the creator sends the task again.
 */
export function FailedSubmissions({
  items,
  total,
  tasks,
  more,
}: {
  items: readonly QueueItem[];
  /** How many failed without the filters. */
  total: number;
  tasks: ReadonlyMap<string, Task>;
  /** The next page, when there is one. */
  more: { loading: boolean; onLoad: () => void } | null;
}) {
  if (items.length === 0) {
    return (
      <EmptyState icon={CircleCheck} title="No failed submissions">
        {total > 0
          ? 'No failed submission matches these filters.'
          : 'Media that cannot be processed, or that fails a check of the campaign’s review bar, shows up here with the reason.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul aria-label="Failed submissions" className="space-y-3">
        {items.map((item) => {
          const s = item.submission;
          const task = tasks.get(s.task_id);
          return (
            <li key={s.id} className="rounded-lg border border-gray-200 bg-white p-4">
              <article aria-label={`@${s.creator_username}’s failed submission`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="text-base font-semibold break-words text-gray-900">
                    @{s.creator_username}
                  </h2>
                  <p className="text-sm text-gray-700">Sent {formatDateTime(s.submitted_at)}</p>
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
                  <span className="break-words">
                    {item.campaignName}
                    {task ? ` · ${task.title}` : ''}
                  </span>
                  <Badge tone={s.revision_count > 0 ? 'amber' : 'gray'}>
                    {roundLabel(s.revision_count)}
                  </Badge>
                </p>
                <p className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm break-words text-red-950">
                  <span className="font-semibold">Failed. </span>
                  {failureInWords(s.failure_reason)}
                </p>
                <div className="mt-3 space-y-2">
                  {/* What inspection found, when it could read the media (else the reason says it all). */}
                  {s.media !== null ? <MediaChecks submission={s} /> : null}
                  {s.media_url ? (
                    <p className="text-sm">
                      <ExternalLink href={s.media_url}>Open the media</ExternalLink>
                    </p>
                  ) : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {more ? (
        <Button variant="secondary" onClick={more.onLoad} disabled={more.loading}>
          {more.loading ? 'Loading more…' : 'Show more failed submissions'}
        </Button>
      ) : null}
    </>
  );
}
