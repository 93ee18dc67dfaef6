import { request } from 'node:http';

// Requests over a real socket with exactly the headers and body a probe wants (no client library
// fixing them up), for what only Node's HTTP server sees: header limits, body sizes, framing.

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length, or chunked when `chunked` is set. */
  body?: string | Buffer;
  chunked?: boolean;
}

/**
 * Sends one request on a fresh connection and reads the answer. A server that answers before
 * reading the whole body (413) may close while the body is still being written: the answer
 * already received counts, the write error does not.
 */
export function rawRequest(port: number, req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = { Connection: 'close', ...req.headers };
    if (req.body !== undefined && !req.chunked)
      headers['Content-Length'] = String(Buffer.byteLength(req.body));
    // Node frames a body of DELETE (and GET) as chunked only when told so.
    if (req.body !== undefined && req.chunked) headers['Transfer-Encoding'] = 'chunked';
    const r = request(
      { agent: false, host: '127.0.0.1', port, method: req.method, path: req.path, headers },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', () => {});
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    r.setTimeout(60_000, () =>
      r.destroy(new Error(`${req.method} ${req.path}: no answer in 60 s`)),
    );
    r.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (req.body === undefined) {
      r.end();
    } else if (req.chunked) {
      const body = Buffer.from(req.body);
      const step = 64 * 1024;
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const ok = r.write(body.subarray(at, (at += step)));
          if (!ok) return void r.once('drain', pump);
        }
        r.end();
      };
      pump();
    } else {
      r.end(req.body);
    }
  });
}
