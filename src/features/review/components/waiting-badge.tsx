import { formatNumber } from '#lib/format';
import { useReviewQueue } from '../api/review';

/**
 * The number of submissions waiting, for the navigation: read as "12 waiting" in the link's
 * name. Nothing while loading or when none wait. Live events (or their polling fallback) keep
 * it current.
 */
export function WaitingBadge({ brandId }: { brandId: string }) {
  const queue = useReviewQueue(brandId);
  if (queue.isPending || queue.items.length === 0) return null;
  const count = formatNumber(queue.items.length);
  return (
    <span className="ml-auto rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only"> {count} waiting</span>
    </span>
  );
}
