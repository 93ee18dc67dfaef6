import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { CampaignSummary } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { Check, ChevronDown, type LucideIcon } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
} from 'react';
import { describeError } from '#lib/api-client';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { campaignPickerOptions } from '#lib/campaign-choice';
import { CampaignStatusBadge } from '../ui/campaign-status-badge';
import { EmptyState } from '../ui/empty-state';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { TruncatedText } from '#components/ui/truncated-text';

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 200;
/** Within this many pixels of the list's end, scrolling loads the next page. */
const NEAR_END_PX = 48;

/** `value`, once it has not changed for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type Choice =
  | { kind: 'campaign'; id: string; name: string; status: CampaignStatus; row: CampaignSummary }
  | { kind: 'all'; label: string }
  | { kind: 'more' };

/**
 * The campaign a screen shows, chosen from the brand's campaigns in `statuses` without reading
 * them all (docs/decisions/0123-campaign-picker.md): an editable combobox (the WAI-ARIA pattern) whose list is the first page, newest first, with each
 * campaign's status; typing searches by name on the service (`q`), scrolling to the end or
 * "Show more campaigns" reads the next page. The chosen campaign's name comes from the loaded
 * page, else from the campaign read by id (the screen reads it too). `all` adds a first choice
 * that chooses no campaign (a filter's "All campaigns"). `detail` adds a screen's word on each
 * campaign beside its name (Creators: how many applicants wait).
 */
export function CampaignPicker({
  brandId,
  statuses,
  value,
  onChange,
  all,
  detail,
  label = 'Campaign',
  className,
}: {
  brandId: string;
  /** The statuses the screen shows; omitted: every status. */
  statuses?: readonly CampaignStatus[];
  value: string | null;
  onChange: (campaignId: string) => void;
  all?: { label: string; onChoose: () => void };
  detail?: ((campaign: CampaignSummary) => ReactNode) | undefined;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  // The input opens showing the chosen name, selected: typing replaces it. Until the text
  // changes, the list is the first page, not a search for that name.
  const [openedWith, setOpenedWith] = useState('');
  const typed = open && text !== openedWith ? text.trim() : '';
  const search = useSettled(typed, SEARCH_DELAY_MS);
  const list = useInfiniteQuery({
    ...campaignPickerOptions(brandId, { statuses, q: search || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const onPage = value ? rows.find((c) => c.id === value) : undefined;
  const chosen = useQuery({
    ...campaignDetailOptions(brandId, value ?? ''),
    enabled: value !== null && !onPage,
  });
  const chosenName = value === null ? (all?.label ?? '') : (onPage ?? chosen.data)?.name;
  const shownText = chosenName ?? '';
  const searching = typed !== search || list.isPlaceholderData;

  const choices: Choice[] = [
    ...(all && !typed ? [{ kind: 'all', label: all.label } as const] : []),
    ...rows.map(
      (c) => ({ kind: 'campaign', id: c.id, name: c.name, status: c.status, row: c }) as const,
    ),
    ...(list.hasNextPage ? [{ kind: 'more' } as const] : []),
  ];
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId depends on `id` only, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  // On opening, the campaign shown is scrolled into view once its page has arrived (only once:
  // a page loaded later by scrolling must not pull the list back to it).
  const revealed = useRef(false);
  const chosenIndex = choices.findIndex((c) => c.kind === 'campaign' && c.id === value);
  useEffect(() => {
    if (!open || revealed.current || typed || chosenIndex < 0) return;
    revealed.current = true;
    document.getElementById(optionId(chosenIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId depends on `id` only, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, typed, chosenIndex]);

  const openList = () => {
    if (open) return;
    revealed.current = false;
    setText(shownText);
    setOpenedWith(shownText);
    setActive(-1);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const choose = (choice: Choice) => {
    if (choice.kind === 'more') {
      loadMore();
      inputRef.current?.focus();
      return;
    }
    if (choice.kind === 'all') all?.onChoose();
    else if (choice.id !== value) onChange(choice.id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = choices.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
      case 'End':
        if (open && choices.length > 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter': {
        const choice = open && active >= 0 ? choices[active] : undefined;
        if (choice) {
          event.preventDefault();
          choose(choice);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR_END_PX) loadMore();
  };

  const listboxId = `${id}-listbox`;
  const statusText = list.isError
    ? null
    : (list.isPending && list.isFetching) || searching
      ? 'Loading campaigns…'
      : rows.length === 0
        ? search
          ? `No campaign matches ‘${search}’`
          : 'No campaigns yet'
        : list.isFetchingNextPage
          ? 'Loading more campaigns…'
          : `${rows.length} ${rows.length === 1 ? 'campaign' : 'campaigns'}${list.hasNextPage ? ', more below' : ''}`;

  return (
    <div className={clsx('space-y-1', className ?? 'max-w-xl')}>
      <Label htmlFor={`${id}-input`}>{label}</Label>
      <div
        className="relative"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={value === null && !all ? 'Choose a campaign' : 'Search campaigns by name'}
          value={open ? text : shownText}
          // The campaign shown may be cut to the field's width: its whole name on hover.
          title={open ? undefined : shownText || undefined}
          onFocus={(event) => event.currentTarget.select()}
          onClick={(event) => {
            if (open) return;
            openList();
            // Typing replaces the name shown (a click would otherwise place the caret in it).
            event.currentTarget.select();
          }}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className="block h-10 w-full truncate rounded-md border border-gray-400 bg-white pr-9 pl-3 text-sm text-gray-900 shadow-xs placeholder:text-gray-500"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={
            open ? `Close the ${label.toLowerCase()} list` : `Open the ${label.toLowerCase()} list`
          }
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              openList();
              inputRef.current?.focus();
            }
          }}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-gray-600 hover:text-gray-900"
        >
          <ChevronDown aria-hidden="true" className={clsx('size-4', open && 'rotate-180')} />
        </button>
        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border border-gray-300 bg-white shadow-lg"
        >
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={label}
            aria-busy={list.isFetching || searching || undefined}
            onScroll={onScroll}
            className={clsx('max-h-72 overflow-y-auto', choices.length > 0 && 'py-1')}
          >
            {choices.map((choice, i) => {
              const selected =
                choice.kind === 'campaign'
                  ? choice.id === value
                  : choice.kind === 'all' && value === null;
              return (
                <li
                  key={choice.kind === 'campaign' ? choice.id : choice.kind}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(choice)}
                  className={clsx(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                    i === active ? 'bg-indigo-50 text-indigo-950' : 'text-gray-900',
                    choice.kind === 'more' && 'justify-center font-medium text-indigo-800',
                  )}
                >
                  {choice.kind === 'more' ? (
                    list.isFetchingNextPage ? (
                      'Loading more…'
                    ) : (
                      'Show more campaigns'
                    )
                  ) : (
                    <>
                      <Check
                        aria-hidden="true"
                        className={clsx(
                          'size-4 shrink-0',
                          selected ? 'text-indigo-700' : 'invisible',
                        )}
                      />
                      <span className="min-w-0 flex-1">
                        <TruncatedText text={choice.kind === 'all' ? choice.label : choice.name} />
                        {choice.kind === 'campaign' && detail ? (
                          <span className="block truncate text-xs text-gray-600">
                            {detail(choice.row)}
                          </span>
                        ) : null}
                      </span>
                      {choice.kind === 'campaign' ? (
                        <CampaignStatusBadge status={choice.status} />
                      ) : null}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="border-t border-gray-100 px-3 py-2 text-xs text-gray-600">
            {list.isError ? (
              <p role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
                {describeError(list.error).title}.
                <button
                  type="button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void list.refetch()}
                  className="font-medium text-indigo-800 underline"
                >
                  Try again
                </button>
              </p>
            ) : (
              <p role="status" className="flex items-center gap-2">
                {list.isFetching ? <Spinner className="size-3" /> : null}
                {statusText}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * A screen's part that shows one campaign at a time: "No campaigns yet" (with `empty`'s icon and
 * text) while the brand has none in the screen's statuses, else the campaign picker above
 * `children`.
 */
export function CampaignPickerPanel({
  brandId,
  statuses,
  value,
  onChange,
  none,
  empty,
  detail,
  children,
}: {
  brandId: string;
  statuses: readonly CampaignStatus[];
  value: string | null;
  onChange: (campaignId: string) => void;
  detail?: (campaign: CampaignSummary) => ReactNode;
  /** The brand has no campaign in `statuses`. */
  none: boolean;
  empty: { icon: LucideIcon; text: string };
  children: ReactNode;
}) {
  if (none) {
    return (
      <EmptyState icon={empty.icon} title="No campaigns yet">
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <CampaignPicker
        brandId={brandId}
        statuses={statuses}
        value={value}
        onChange={onChange}
        detail={detail}
      />
      {children}
    </div>
  );
}
