/**
 * The token of an invitation link (`/accept-invitation#token=cci_…`). It travels in the fragment,
 * which browsers never send to a server; the page reads it once and takes it out of the address
 * bar and history at once.
 */
export function invitationTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 128 ? token : null;
}

/** Replaces the current history entry by the same address without its fragment. */
export function forgetFragment(): void {
  const { pathname, search, hash } = window.location;
  if (hash) window.history.replaceState(window.history.state, '', pathname + search);
}
