import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../domain/tenancy.ts';

/** Who sent a request, through trusted proxies (set by http/client-info.ts). */
export interface ClientInfo {
  /** The client's address; 'in-process' for requests made without a socket (tests). */
  address: string;
  /** The scheme the client used: the socket's, or a trusted proxy's X-Forwarded-Proto. */
  proto: 'http' | 'https';
}

/** The Hono environment of every route: what middleware puts in the context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The request's logger, carrying its request id. */
    log: Logger;
    /** Set by the API key middleware on /2026-07 (absent on public routes). */
    auth: AuthContext | undefined;
    /**
     * Set when the request presented a credential that was refused (an unknown, revoked, expired
     * or malformed token, a wrong password): only these count toward the failed-authentication
     * limits of an address (throttle.ts); a request with no credential at all does not.
     */
    credentialRefused: boolean | undefined;
    /** Set by the error handler when the client went away before its request had arrived. */
    clientAborted: boolean | undefined;
    /** Who sent the request, through trusted proxies (http/client-info.ts). */
    client: ClientInfo | undefined;
    /** PUBLIC_URL: the base of the links the service writes (http/public-url.ts). */
    publicUrl: string | null | undefined;
  };
};

/**
 * What every route module is given: the database handle, which its handlers pass to services
 * (writes) and domain reads; a route never opens a transaction itself (docs/architecture.md#layers).
 */
export interface RouteDeps {
  db: Db;
}
