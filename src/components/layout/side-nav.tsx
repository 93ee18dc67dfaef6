import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation, useNavigation } from 'react-router';

export type SideNavItem = {
  to: string;
  label: string;
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
      {/* Padding leaves room for the focus ring, which overflow would otherwise clip. */}
      <ul className="flex gap-1 overflow-x-auto p-1 md:flex-col md:overflow-visible">
        {items.map(({ to, label: text, icon: Icon, badge }) => {
          const current = marked?.to === to;
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                  current
                    ? 'bg-indigo-50 text-indigo-800'
                    : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {text}
                {badge}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
