import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation, useNavigation } from 'react-router';

export type SideNavItem = {
  to: string;
  label: string;
  /**
   * The first words of `label`, shown alone on a phone's tile ("Review" of "Review queue"): the
   * rest stays in the link's name for screen readers.
   */
  phoneLabel?: string | undefined;
  icon: LucideIcon;
  /** Shown after the label and part of the link's name, e.g. a count waiting. */
  badge?: ReactNode;
};

/** The item whose screen `pathname` is (or is under), if any. */
export function itemAt(items: readonly SideNavItem[], pathname: string): SideNavItem | undefined {
  return items.find((item) => matchPath({ path: item.to, end: false }, pathname));
}

/**
 * The screens of a brand. The marked link is the screen being shown, or, while a navigation
 * loads, the screen being opened: a click is acknowledged at once even on a slow network. The
 * marked link carries `aria-current="page"`.
 */
export function SideNav({
  items,
  label = 'Main',
}: {
  items: readonly SideNavItem[];
  label?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const marked = itemAt(items, navigation.location?.pathname ?? location.pathname);
  return (
    <nav aria-label={label} className="px-1 py-1 md:px-2 md:py-3">
      {/* On a phone every screen shows at once as a tile, four to a row (a row that scrolled
          sideways hid most of them, with no sign that it scrolled); from md up, a column beside
          the screen. */}
      <ul className="grid grid-cols-4 gap-1 p-1 sm:grid-cols-5 md:flex md:flex-col">
        {items.map(({ to, label: text, phoneLabel, icon: Icon, badge }) => {
          const short = phoneLabel && text.startsWith(phoneLabel) ? phoneLabel : null;
          const current = marked?.to === to;
          return (
            <li key={to} className="flex">
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'flex w-full items-center justify-center gap-x-1.5 rounded-md px-1 py-1.5 text-center text-xs leading-tight font-medium',
                  'md:flex-nowrap md:justify-start md:gap-2.5 md:px-3 md:text-left md:text-sm md:leading-normal md:whitespace-nowrap',
                  current
                    ? 'bg-indigo-50 text-indigo-800'
                    : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                )}
              >
                {/* On a phone a tile is its words and count only, one short line: the screen
                    below keeps its room (the review media fits above the decision bar). */}
                <Icon aria-hidden="true" className="size-4 shrink-0 max-md:hidden" />
                {short ? (
                  <span>
                    {short}
                    <span className="max-md:sr-only">{text.slice(short.length)}</span>
                  </span>
                ) : (
                  <span>{text}</span>
                )}
                {/* Empty when there is no count: then it takes no room. */}
                <span className="flex shrink-0 empty:hidden md:ml-auto">{badge}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
