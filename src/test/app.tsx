import { createRoutes } from '#app/router';
import { readSession, saveSession } from '#features/session/session-storage';
import { configureApiClient } from '#lib/api-client';
import { createQueryClient } from '#lib/query-client';
import { renderRoutes } from './render';

/** The whole app (shell, loaders, lazy routes, toasts) at `path`, signed in with `apiKey`. */
export function renderApp(path: string, apiKey: string) {
  saveSession({ apiKey, baseUrl: null, remember: false });
  configureApiClient({ credentials: readSession });
  // The app's own client: refusals go to the central toast as in production.
  const queryClient = createQueryClient();
  return renderRoutes(createRoutes(queryClient), { initialEntry: path, queryClient });
}
