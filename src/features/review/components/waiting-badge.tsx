import type { Side } from '#contract/me';
import { formatNumber } from '#lib/format';
import { useQueueCounts } from '../api/review';
import { countOf } from '../queue-filters';

/**
 * The number of submissions waiting in the side's queue, for the navigation: read as "12 waiting"
 * in the link's name, the brand's as "12 waiting for you" (each side's leaves out what waits for
 * the other: the agency's, the brand's sign-off; the brand's, its agency's review).
 * One request (GET /submissions/counts), shared with the review screen; nothing while loading
 * or when none wait. Live events (or their polling fallback) keep it current.
 */
export function WaitingBadge({ brandId, side }: { brandId: string; side: Side }) {
  const counts = useQueueCounts(brandId);
  if (!counts.data) return null;
  const waiting = countOf('waiting', side, counts.data);
  if (waiting === 0) return null;
  const count = formatNumber(waiting);
  return (
    <span className="ml-auto rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {' '}
        {count} waiting{side === 'brand' ? ' for you' : ''}
      </span>
    </span>
  );
}
