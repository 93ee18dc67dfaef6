import type { BrandRef } from '#contract/me';
import { clsx } from 'clsx';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { currentScreenHeading, focusScreenHeading } from '#components/layout/focus-screen-heading';
import { isBrandScreenHandle, paths, type BrandScreen } from '#config/paths';

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** The brand screen the user is on (the deepest route that names one), else campaigns. */
function useCurrentScreen(): BrandScreen {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isBrandScreenHandle(handle)) return handle.screen;
  }
  return 'campaigns';
}

/**
 * The brand of an agency key, as an ARIA combobox (editable, list autocomplete): type to filter,
 * arrows to move, Enter to switch, Escape to close. Switching opens the same screen for the
 * other brand; the brand is in the URL, so every brand-scoped query key changes with it.
 */
export function BrandSwitcher({
  brands,
  currentBrandId,
}: {
  brands: readonly BrandRef[];
  currentBrandId: string;
}) {
  const navigate = useNavigate();
  const screen = useCurrentScreen();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [open, setOpen] = useState(false);
  // null: the user has not typed since opening, so the field shows the brand and lists them all.
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const current = brands.find((b) => b.id === currentBrandId);
  const options = query
    ? brands.filter((b) => normalize(b.name).includes(normalize(query.trim())))
    : brands;
  const active = open ? options[activeIndex] : undefined;

  const moveTo = (index: number) => {
    setActiveIndex(index);
    listRef.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };

  const openList = (index?: number) => {
    setOpen(true);
    const currentIndex = options.findIndex((b) => b.id === currentBrandId);
    setActiveIndex(index ?? (currentIndex >= 0 ? currentIndex : 0));
  };

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  };

  const select = (brand: BrandRef) => {
    close();
    // The choice is made: the screen's heading takes the focus (a screen reader says where the
    // user is), so the screen's keys (A, Space, …) act on it instead of typing into this box, and
    // Tab goes on into the screen, not to Sign out.
    const from = inputRef.current;
    if (brand.id === currentBrandId) {
      void focusScreenHeading({ from });
      return;
    }
    const previous = currentScreenHeading();
    void navigate(paths[screen].href(brand.id));
    void focusScreenHeading({ from, previous });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open || event.altKey) openList();
        else if (options.length) moveTo((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(options.length - 1);
        else if (options.length) moveTo((activeIndex - 1 + options.length) % options.length);
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          if (active) select(active);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        Brand
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          type="text"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query ?? current?.name ?? ''}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(0);
          }}
          onClick={() => (open ? close() : openList())}
          onFocus={(event) => event.target.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="h-9 w-48 rounded-md sm:w-56 border border-gray-400 bg-white pr-8 pl-3 text-sm font-medium text-gray-900 shadow-xs"
        />
        <ChevronsUpDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-gray-500"
        />
        <div
          hidden={!open}
          className="absolute top-full left-0 z-30 mt-1 w-72 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg"
        >
          {options.length > 0 ? (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label="Brands"
              className="max-h-72 overflow-y-auto py-1"
            >
              {options.map((brand, index) => (
                <li
                  key={brand.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keep focus in the field, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => activeIndex !== index && setActiveIndex(index)}
                  onClick={() => select(brand)}
                  className={clsx(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-gray-900',
                    index === activeIndex && 'bg-indigo-50 text-indigo-950',
                  )}
                >
                  <Check
                    aria-hidden="true"
                    className={clsx(
                      'size-4 shrink-0 text-indigo-700',
                      brand.id !== currentBrandId && 'invisible',
                    )}
                  />
                  {brand.name}
                </li>
              ))}
            </ul>
          ) : (
            <p id={listId} className="px-3 py-2 text-sm text-gray-600">
              No brand matches “{query}”.
            </p>
          )}
        </div>
        <p role="status" className="sr-only">
          {open && query !== null
            ? `${options.length} ${options.length === 1 ? 'brand' : 'brands'} found`
            : ''}
        </p>
      </div>
    </div>
  );
}

/** A brand key acts for one brand: its name, no choice to make. */
export function BrandName({ name }: { name: string }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="font-medium text-gray-700">Brand</span>
      <span className="font-semibold text-gray-900">{name}</span>
    </p>
  );
}
