import type { QueryClient } from '@tanstack/react-query';
import { paths } from '#config/paths';
import { clearSession } from './session-storage';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * Forgets the key, returns to the key screen, then empties the query cache, so nothing fetched
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
  clearSession();
  try {
    await navigate(paths.signIn.href({ reason, next }), { replace: true });
  } finally {
    queryClient.clear();
  }
}
