import type { Logger } from 'pino';
import type { AuthContext } from '../domain/tenancy.ts';
import type { ClientInfo } from './client-info.ts';

/** The Hono environment of every route: what middleware puts in the context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The request's logger, carrying its request id. */
    log: Logger;
    /** Set by the API key middleware on /2026-07 (absent on public routes). */
    auth: AuthContext | undefined;
    /** Who sent the request, through trusted proxies (http/client-info.ts). */
    client: ClientInfo | undefined;
    /** PUBLIC_URL: the base of the links the service writes (http/public-url.ts). */
    publicUrl: string | null | undefined;
  };
};
