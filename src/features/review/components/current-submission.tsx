import type { ReactNode } from 'react';
import { Badge } from '#components/ui/badge';
import { formatDateTime } from '#lib/format';
import type { QueueItem } from '../api/review';
import { flaggedChecks } from './media-checks';
import { SubmissionMedia } from './submission-media';

export const roundLabel = (revisions: number) =>
  revisions === 0 ? 'First submission' : `Revision ${revisions}`;

/**
 * The item on screen, laid out: the media large on the left (on top on a phone), and beside it
 * the summary, the actions and the details. Each part is a slot, so a review step with other
 * actions (a sign-off, say) or more details (media checks) brings its own pieces. On a phone the
 * parts form one column in which the actions stick to the bottom of the screen.
 */
export function SubmissionLayout({
  media,
  summary,
  actions,
  details,
}: {
  media: ReactNode;
  summary: ReactNode;
  actions: ReactNode;
  details: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-6">
      <div className="lg:row-span-3">{media}</div>
      <div>{summary}</div>
      {actions}
      <div className="space-y-4">{details}</div>
    </div>
  );
}

/**
 * The current item's media, with the next item's already there, hidden and loading: after a
 * decision the same element is shown, so the video appears with its data, not blank.
 */
export function MediaStage({
  current,
  next,
  onVideo,
}: {
  current: QueueItem;
  next: QueueItem | undefined;
  onVideo: (video: HTMLVideoElement | null) => void;
}) {
  return (
    <>
      {[current, next].map((item) =>
        item ? (
          <div key={item.submission.id} hidden={item !== current}>
            <SubmissionMedia
              submission={item.submission}
              shown={item === current}
              onVideo={item === current ? onVideo : undefined}
            />
          </div>
        ) : null,
      )}
    </>
  );
}

/** Who sent it, for which campaign, which round and when. */
export function SubmissionSummary({ item }: { item: QueueItem }) {
  const s = item.submission;
  return (
    <div className="space-y-1 text-sm">
      <p className="text-base font-semibold break-words text-gray-900">@{s.creator_username}</p>
      <p className="text-gray-700">{item.campaignName}</p>
      <p className="flex flex-wrap items-center gap-2 text-gray-700">
        <Badge tone={s.revision_count > 0 ? 'amber' : 'gray'}>{roundLabel(s.revision_count)}</Badge>
        {/* On a phone the count sits above the media instead (WarningCount), in sight of the bar. */}
        <WarningCount submission={s} className="max-lg:hidden" />
        <span>Submitted {formatDateTime(s.submitted_at)}</span>
      </p>
    </div>
  );
}

/** "2 warnings": the checks that did not pass, for the reviewer to look at before deciding. */
export function WarningCount({
  submission,
  className,
}: {
  submission: QueueItem['submission'];
  className?: string;
}) {
  const warnings = flaggedChecks(submission).length;
  if (warnings === 0) return null;
  return (
    <Badge tone="amber" className={className}>
      {warnings === 1 ? '1 warning' : `${warnings} warnings`}
    </Badge>
  );
}

/** What was asked last time, for a revision. */
export function PreviousFeedback({ feedback }: { feedback: string | null }) {
  if (!feedback) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <h3 className="font-medium text-amber-950">Previous feedback</h3>
      <p className="mt-1 whitespace-pre-wrap text-amber-950 break-words">{feedback}</p>
    </div>
  );
}
