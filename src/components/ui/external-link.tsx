import { clsx } from 'clsx';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The URL when it is an absolute http(s) address, else null (`javascript:`, `data:`, relative…). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A link that leaves the dashboard: opens in a new tab without handing it this page
 * (`noopener noreferrer`), and says so to screen readers. An address that is not http(s) is shown
 * as plain text, never as a link.
 */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children?: ReactNode;
  className?: string;
}) {
  const safe = safeHttpUrl(href);
  const text = children ?? href;
  if (!safe) return <span className={clsx('break-all', className)}>{text}</span>;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(
        'inline-flex max-w-full items-baseline gap-1 font-medium break-all text-indigo-800 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-800',
        className,
      )}
    >
      <span className="min-w-0">{text}</span>
      <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0 self-center" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
