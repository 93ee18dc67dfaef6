import type { Role } from '#contract/me';

export const ROLES: readonly Role[] = ['admin', 'manager', 'reviewer', 'viewer'];

/** What each role may do, in a few words (the table in docs/api.md#people). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  admin: 'Everything, including members and API keys',
  manager: 'Campaigns, reviews, creators and codes',
  reviewer: 'Reviews submissions and creators; reads campaigns and codes',
  viewer: 'Reads campaigns and codes',
};

/**
 * A change of role that asks first: the member demoting themselves (they lose the rights they
 * use now) and anyone made admin (who can then manage members and keys).
 */
export function roleChangeNeedsConfirmation(change: {
  self: boolean;
  from: Role;
  to: Role;
}): 'self-demotion' | 'new-admin' | null {
  if (change.from === change.to) return null;
  if (change.self && change.from === 'admin') return 'self-demotion';
  if (change.to === 'admin') return 'new-admin';
  return null;
}
