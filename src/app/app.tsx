import { paths } from '#config/paths';
import { readSession, clearSession } from '#features/session/session-storage';
import { signOut } from '#features/session/sign-out';
import { configureApiClient, onUnauthenticated } from '#lib/api-client';
import { createQueryClient } from '#lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

// Before the router: creating it starts the first route's loaders, which already send requests.
configureApiClient({ credentials: readSession });

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The service stopped accepting the key (revoked, or signed out in another tab).
onUnauthenticated(() => {
  const { initialized, navigation, location } = router.state;
  if (!initialized || navigation.state !== 'idle') {
    // A route loader is running: it redirects to the key screen itself.
    clearSession();
    return;
  }
  if (location.pathname === paths.signIn.path) return;
  void signOut({
    queryClient,
    navigate: (to, options) => router.navigate(to, options),
    reason: 'expired',
    next: location.pathname + location.search,
  });
});

export function App() {
  return <AppProvider queryClient={queryClient} router={router} />;
}
