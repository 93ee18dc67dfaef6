import type { AuditEvent } from '#contract/people';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#config/paths';

/**
 * Where the Creators screen shows the creator an entry is about: their campaign, their row
 * marked and focused in whichever tab they are on now (docs/decisions/0166). Null for an entry
 * about anything else.
 */
export function creatorHref(brandId: string, entry: AuditEvent): string | null {
  if (entry.target_type !== 'creator' || !entry.campaign_id) return null;
  const search = new URLSearchParams({ campaign: entry.campaign_id, creator: entry.target_id });
  return `${paths.creators.href(brandId)}?${search.toString()}`;
}

/** An entry's context line (its campaign), with a link to the creator it is about, if one is. */
export function withCreatorLink(brandId: string, entry: AuditEvent, context: ReactNode): ReactNode {
  const href = creatorHref(brandId, entry);
  if (!href) return context;
  const link = (
    <Link to={href} className="font-medium text-indigo-800 hover:underline">
      {entry.target_label ? `@${entry.target_label}` : 'The creator'} in Creators
    </Link>
  );
  return context ? (
    <>
      {context} · {link}
    </>
  ) : (
    link
  );
}
