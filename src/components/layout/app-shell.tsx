import type { ReactNode } from 'react';
import { ProductMark } from './product-mark';
import { SkipLink } from './skip-link';

/**
 * The signed-in frame: header (product, brand, session), side navigation and the main landmark.
 * The slots are filled by the app, so this layer needs no feature code.
 */
export function AppShell({
  brand,
  session,
  navigation,
  busy = false,
  placeholder,
  children,
}: {
  brand: ReactNode;
  session: ReactNode;
  navigation: ReactNode;
  busy?: boolean;
  /** Shown instead of the screen while the next one takes long to open (it stays mounted). */
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-white">
        {/* One row at every width: on a phone the product shows as its mark only. */}
        <div className="flex items-center gap-x-3 px-4 py-2.5 sm:gap-x-6 sm:px-6">
          <ProductMark compact />
          <div className="min-w-0 flex-1">{brand}</div>
          {session}
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="border-b border-gray-200 bg-white md:w-56 md:shrink-0 md:border-r md:border-b-0">
          {navigation}
        </aside>
        <main
          id="main"
          tabIndex={-1}
          aria-busy={busy}
          className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-8 sm:py-8"
        >
          {placeholder}
          <div hidden={Boolean(placeholder)}>{children}</div>
        </main>
      </div>
    </div>
  );
}
