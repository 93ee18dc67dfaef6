import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { formatNumber } from '#lib/format';
import type { Side } from '#contract/me';
import type { ReviewView } from '../queue-filters';

/**
 * Each view's name, saying whose turn it lists: the brand's queue is what waits for the brand,
 * beside what waits for its agency (docs/decisions/0163). `short`: the visible words on a phone,
 * where four tabs share the width (the accessible name stays the whole one).
 */
const LABELS: Record<Side, Record<ReviewView, { full: string; short?: string }>> = {
  agency: {
    waiting: { full: 'Waiting' },
    signoff: { full: 'Sign-off' },
    agency: { full: 'With the agency' },
    failed: { full: 'Failed' },
  },
  brand: {
    waiting: { full: 'Waiting for you', short: 'For you' },
    signoff: { full: 'Sign-off' },
    agency: { full: 'With the agency', short: 'Agency' },
    failed: { full: 'Failed' },
  },
};

/**
 * The review screen's views as tabs (the URL's `view`), each with how many it lists under the
 * filters: the queue, the brand's sign-off and what waits for its agency when it has an agency's
 * review before its own, and the failed submissions. The counts are left out until the lists
 * are in.
 */
export function ReviewViews({
  view,
  views,
  side = 'brand',
  counts,
  onChange,
  children,
}: {
  view: ReviewView;
  views: readonly ReviewView[];
  side?: Side;
  counts: Record<ReviewView, number> | null;
  onChange: (view: ReviewView) => void;
  children: ReactNode;
}) {
  return (
    <Tabs.Root
      value={view}
      onValueChange={(value) => onChange(views.find((v) => v === value) ?? 'waiting')}
    >
      {/* On a phone the tabs share the width equally, each its name over its count. */}
      <Tabs.List
        aria-label="Review views"
        className="flex gap-1 border-b border-gray-200 max-sm:grid max-sm:auto-cols-fr max-sm:grid-flow-col"
      >
        {views.map((v) => (
          <Tabs.Trigger
            key={v}
            value={v}
            className="-mb-px inline-flex min-h-11 items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-inset data-[state=active]:border-indigo-700 data-[state=active]:text-indigo-800 max-sm:flex-col max-sm:justify-center max-sm:gap-0.5 max-sm:px-1 max-sm:py-1.5 sm:px-4"
          >
            {LABELS[side][v].short ? (
              <>
                <span className="sm:hidden" aria-hidden="true">
                  {LABELS[side][v].short}
                </span>
                <span className="max-sm:sr-only">{LABELS[side][v].full}</span>
              </>
            ) : (
              LABELS[side][v].full
            )}
            {counts ? (
              <span
                className={
                  v === 'failed' && counts[v] > 0
                    ? 'rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-900'
                    : 'rounded-full bg-gray-100 px-1.5 text-xs font-semibold text-gray-800'
                }
              >
                {formatNumber(counts[v])}
              </span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={view} className="space-y-4 pt-4 outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
