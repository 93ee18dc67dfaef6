import { useId } from 'react';
import type { QueueItem } from '../api/review';
import { roundLabel } from './current-submission';

/** The next few items, to see what is coming and jump to one. */
export function UpNext({ items, onOpen }: { items: QueueItem[]; onOpen: (id: string) => void }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
        Up next
      </h2>
      <ol className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.submission.id} className="max-w-full">
            <button
              type="button"
              onClick={() => onOpen(item.submission.id)}
              className="max-w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 text-left text-xs break-words text-gray-800 hover:bg-gray-50"
            >
              <span className="font-medium">@{item.submission.creator_username}</span>
              <span className="text-gray-600">
                {' '}
                · {item.campaignName} · {roundLabel(item.submission.revision_count)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
