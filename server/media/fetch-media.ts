import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Fetching a submission's media (docs/review-bar.md#inspection) without letting a media URL reach inside
// the network: http/https only; every address a name resolves to is checked (loopback, private,
// link-local, multicast and other special ranges refused) and the connection goes to the checked
// address itself (the resolver runs inside the request, so a second lookup cannot swap it); each
// redirect is checked again; the body has a size and the whole fetch a time limit. Hosts listed in
// MEDIA_ALLOW_HOSTS skip the address rule (the demo serves its samples from this service).

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Host names (or host:port) allowed to resolve to refused addresses. */
  allowHosts: ReadonlySet<string>;
  /** Resolver; tests map names to addresses without touching DNS. */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface FetchedMedia {
  bytes: Uint8Array;
  contentType: string | null;
  url: string;
}

/** Why a fetch failed; `retryable` when trying again later may work (network, 5xx, timeout). */
export class MediaFetchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MediaFetchError';
  }
}

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local or otherwise not on the public internet. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return refused.check(mapped[1]!, 'ipv4');
    return refused.check(address, 'ipv6');
  }
  return true;
}

const defaultLookup = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });

function allowed(url: URL, limits: FetchLimits) {
  return (
    limits.allowHosts.has(url.hostname.toLowerCase()) ||
    limits.allowHosts.has(url.host.toLowerCase())
  );
}

/** The checked address to connect to; throws when the host resolves to any refused address. */
async function resolveChecked(
  url: URL,
  limits: FetchLimits,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const skipRule = allowed(url, limits);
  if (isIP(host)) {
    if (!skipRule && isRefusedAddress(host)) {
      throw new MediaFetchError(`${url.host} is a private or loopback address`, false);
    }
    return { address: host, family: isIP(host) };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (limits.lookup ?? defaultLookup)(host);
  } catch (err) {
    throw new MediaFetchError(
      `could not resolve ${host} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      true,
    );
  }
  if (addresses.length === 0) throw new MediaFetchError(`could not resolve ${host}`, true);
  if (!skipRule) {
    const bad = addresses.find((a) => isRefusedAddress(a.address));
    if (bad) throw new MediaFetchError(`${host} resolves to a private or loopback address`, false);
  }
  return addresses[0]!;
}

function requestOnce(
  url: URL,
  target: { address: string; family: number },
  limits: FetchLimits,
  deadline: number,
): Promise<{
  status: number;
  location: string | null;
  contentType: string | null;
  bytes: Uint8Array;
}> {
  return new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [target]);
      } else {
        callback(null, target.address, target.family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    const remaining = Math.max(1, deadline - Date.now());
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        headers: { 'user-agent': 'campaign-console-inspector/1', accept: '*/*' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        const contentType = res.headers['content-type'] ?? null;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location, contentType, bytes: new Uint8Array() });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          resolve({ status, location, contentType, bytes: new Uint8Array() });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          req.destroy();
          reject(
            new MediaFetchError(
              `the file is ${declared} bytes; the limit is ${limits.maxBytes}`,
              false,
            ),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            req.destroy();
            reject(
              new MediaFetchError(
                `the file is larger than the limit of ${limits.maxBytes} bytes`,
                false,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status, location, contentType, bytes: new Uint8Array(Buffer.concat(chunks)) }),
        );
        res.on('error', (err) =>
          reject(new MediaFetchError(`reading the file failed (${err.message})`, true)),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new MediaFetchError(`no complete answer within ${limits.timeoutMs} ms`, true));
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new MediaFetchError(`could not fetch ${url.host} (${err.code ?? err.message})`, true));
    });
    req.end();
  });
}

/** Fetches the media at `raw` under the address rules and limits; throws MediaFetchError. */
export async function fetchMedia(raw: string, limits: FetchLimits): Promise<FetchedMedia> {
  const deadline = Date.now() + limits.timeoutMs;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MediaFetchError('media_url is not a URL', false);
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new MediaFetchError(
        `only http and https media can be fetched (${url.protocol})`,
        false,
      );
    }
    if (url.username || url.password)
      throw new MediaFetchError('media URLs with credentials are refused', false);
    const target = await resolveChecked(url, limits);
    const res = await requestOnce(url, target, limits, deadline);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= limits.maxRedirects)
        throw new MediaFetchError(`more than ${limits.maxRedirects} redirects`, false);
      url = new URL(res.location, url);
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      throw new MediaFetchError(`the media host answered ${res.status}`, true);
    }
    if (res.status < 200 || res.status >= 300) {
      throw new MediaFetchError(`the media host answered ${res.status}`, false);
    }
    return { bytes: res.bytes, contentType: res.contentType, url: url.toString() };
  }
}
