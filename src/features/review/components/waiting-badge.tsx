import { formatNumber } from '#lib/format';
import { useReviewQueue } from '../api/review';
import { inQueueView, type ReviewSide } from '../queue-filters';

/**
 * The number of submissions waiting in the side's queue, for the navigation: read as
 * "12 waiting" in the link's name (an agency's leaves out what waits for the brand's sign-off).
 * Nothing while loading or when none wait. Live events (or their polling fallback) keep it
 * current.
 */
export function WaitingBadge({ brandId, side }: { brandId: string; side: ReviewSide }) {
  const queue = useReviewQueue(brandId);
  const waiting = queue.items.filter((item) => inQueueView(item, side, 'waiting')).length;
  if (queue.isPending || waiting === 0) return null;
  const count = formatNumber(waiting);
  return (
    <span className="ml-auto rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only"> {count} waiting</span>
    </span>
  );
}
