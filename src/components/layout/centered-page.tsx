import type { ReactNode } from 'react';
import { ProductMark } from './product-mark';
import { SkipLink } from './skip-link';

/** Pages outside the signed-in shell: the key screen, "not available", fatal errors. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <SkipLink />
      <header className="border-b border-gray-200 bg-white px-4 py-3 sm:px-6">
        <ProductMark />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:py-16"
      >
        {children}
      </main>
    </div>
  );
}
