import type { ReactNode } from 'react';
import { appName } from '#config/env';

/**
 * The top of every screen: the document title (React hoists `<title>` into the head), the one
 * `<h1>` and a sentence on what the screen is for.
 */
export function ScreenHeader({
  title,
  context,
  description,
  actions,
}: {
  title: string;
  /** Shown after the title in the browser tab, e.g. the brand. */
  context?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <title>{documentTitle(title, context)}</title>
      <div>
        {/* Focusable by script: a brand switch moves the focus here (focus-screen-heading.ts). */}
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-gray-900">
          {title}
        </h1>
        {description ? (
          <p className="mt-1 max-w-prose text-sm text-gray-600">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}

/** "Campaigns · Glow Lab · Campaign Console". */
export function documentTitle(...parts: (string | undefined)[]): string {
  return [...parts.filter(Boolean), appName].join(' · ');
}
