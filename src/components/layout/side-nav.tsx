import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export type SideNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown after the label and part of the link's name, e.g. a count waiting. */
  badge?: ReactNode;
};

/** The screens of a brand. The active link carries `aria-current="page"` (NavLink sets it). */
export function SideNav({
  items,
  label = 'Main',
}: {
  items: readonly SideNavItem[];
  label?: string;
}) {
  return (
    <nav aria-label={label} className="px-1 py-1 md:px-2 md:py-3">
      {/* Padding leaves room for the focus ring, which overflow would otherwise clip. */}
      <ul className="flex gap-1 overflow-x-auto p-1 md:flex-col md:overflow-visible">
        {items.map(({ to, label: text, icon: Icon, badge }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'bg-indigo-50 text-indigo-800'
                    : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {text}
              {badge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
