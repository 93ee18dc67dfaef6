import { ALL_SCOPES, type Scope } from '#contract/me';

/** What each scope lets a key do, in a few words. */
export const SCOPE_SUMMARIES: Record<Scope, string> = {
  'campaigns:read': 'Read campaigns, submissions, posts and metrics',
  'campaigns:write': 'Create, edit, publish and end campaigns',
  'submissions:write': 'Approve and reject submissions',
  'creators:write': 'Approve and reject creators',
  'codes:read': 'Read discount codes and their usage',
  'codes:write': 'Add, assign and report discount codes',
  'members:write': 'Invite, change and remove members',
  'keys:write': 'Create and revoke API keys',
};

/** The scopes a new key may carry (the caller's own, in the contract's order) and the others. */
export function offeredScopes(own: readonly Scope[]) {
  return {
    offered: ALL_SCOPES.filter((s) => own.includes(s)),
    withheld: ALL_SCOPES.filter((s) => !own.includes(s)),
  };
}
