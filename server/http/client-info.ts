import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import proxyAddr from 'proxy-addr';
import type { AppEnv, ClientInfo } from './context.ts';

// Who sent a request (decision 0080): the socket's peer, unless that peer is a proxy TRUST_PROXY
// names; then the client X-Forwarded-For gives past the trusted hops, and the scheme
// X-Forwarded-Proto gives. proxy-addr (Express's own) walks the header; every per-address limit,
// the request log and the invitation links read the result through `clientAddress`
// (http/throttle.ts) and `linkBase` (http/public-url.ts).

/** TRUST_PROXY as env.ts reads it: hops, a proxy-addr list, or null (no proxy is trusted). */
export type TrustProxy = number | readonly string[] | null;

type Trust = (address: string, hop: number) => boolean;

function trustOf(trust: TrustProxy): Trust {
  if (trust === null) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile([...trust]);
}

/** Resolves a Node request's client; `incoming` undefined (in-process) gives 'in-process'. */
export function clientResolver(trust: TrustProxy): (incoming?: IncomingMessage) => ClientInfo {
  const trusted = trustOf(trust);
  return (incoming) => {
    const peer = incoming?.socket?.remoteAddress;
    if (!incoming || peer === undefined) return { address: 'in-process', proto: 'http' };
    const ownProto = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    if (!trusted(peer, 0)) return { address: peer, proto: ownProto };
    const header = incoming.headers['x-forwarded-proto'];
    const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    const proto = forwarded === 'https' || forwarded === 'http' ? forwarded : ownProto;
    return { address: proxyAddr(incoming, trusted), proto };
  };
}

/**
 * Sets the request's `client` (see ClientInfo) and `publicUrl` (http/public-url.ts); place before
 * anything that reads the address.
 */
export function clientInfo(trust: TrustProxy, publicUrl: string | null): MiddlewareHandler<AppEnv> {
  const resolve = clientResolver(trust);
  return async (c, next) => {
    c.set('client', resolve((c.env as { incoming?: IncomingMessage } | undefined)?.incoming));
    c.set('publicUrl', publicUrl);
    await next();
  };
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped), and in-process requests. */
export function isLoopbackAddress(address: string): boolean {
  if (address === 'in-process' || address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d+\.\d+\.\d+$/.test(v4);
}
