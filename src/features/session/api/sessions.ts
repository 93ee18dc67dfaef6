import { api, type ApiCredentials } from '#lib/api-client';

/** `POST /sessions`: signs a member in with e-mail and password; no credential is sent. */
export async function createSession(
  body: { email: string; password: string },
  options: { baseUrl: string | null },
) {
  // The contract's schemas (and zod) load on first use, not with the sign-in screen (decision 0075).
  const { Session } = await import('#contract/people');
  return api.POST('/sessions', Session, { body, anonymous: { baseUrl: options.baseUrl } });
}

/** `DELETE /sessions/current`: ends the member's session on the service (sign-out). */
export async function endSession(credentials: ApiCredentials): Promise<void> {
  const { SessionEnded } = await import('#contract/people');
  await api.DELETE('/sessions/current', SessionEnded, { credentials });
}

/** A member's session token, as opposed to an API key (`cck_…`). */
export const isSessionToken = (credential: string) => credential.startsWith('ccs_');
