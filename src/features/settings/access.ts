import type { Scope } from '#contract/me';

/** Settings manage members (`members:write`) and keys (`keys:write`): either opens them. */
export const canManageMembers = (scopes: readonly Scope[]) => scopes.includes('members:write');
export const canManageKeys = (scopes: readonly Scope[]) => scopes.includes('keys:write');
export const canOpenSettings = (scopes: readonly Scope[]) =>
  canManageMembers(scopes) || canManageKeys(scopes);
