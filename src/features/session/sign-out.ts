import type { QueryClient } from '@tanstack/react-query';
import { paths } from '#config/paths';
import { endSession, isSessionToken } from './api/sessions';
import { clearSession, readSession } from './session-storage';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * Ends a member's session on the service (`DELETE /sessions/current`; an API key stays valid),
 * forgets the credential, returns to the key screen, then empties the query cache, so nothing fetched
 * with this key can show after someone else signs in. The cache is cleared after leaving the
 * signed-in screens: those still read it while they unmount.
 */
export async function signOut({
  queryClient,
  navigate,
  reason,
  next,
}: {
  queryClient: QueryClient;
  navigate: Navigate;
  reason?: 'expired';
  next?: string;
}) {
  const session = readSession();
  if (session && isSessionToken(session.apiKey) && reason !== 'expired') {
    try {
      await endSession({ apiKey: session.apiKey, baseUrl: session.baseUrl });
    } catch {
      // Offline or already ended: the token is forgotten below either way, and it ends on the
      // service by itself after 12 hours without use.
    }
  }
  clearSession();
  try {
    await navigate(paths.signIn.href({ reason, next }), { replace: true });
  } finally {
    queryClient.clear();
  }
}
