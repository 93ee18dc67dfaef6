import type { App } from '../../server/app.ts';
import type { TestResponse } from '../../server/test/harness.ts';

export interface CallOptions {
  key?: string;
  /** Sent as JSON text. */
  body?: unknown;
  /** Sent as is (string or bytes), with `contentType` (default application/json). */
  rawBody?: string | Uint8Array;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** An event stream is read for this long, then closed (default 300 ms). */
  streamMs?: number;
}

/**
 * One in-process request, like the harness's `request`, but it also sends raw bytes and any
 * content type, and reads a `text/event-stream` answer for a while instead of forever.
 */
export async function call(
  app: App,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  let body: string | Uint8Array | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null)
    headers['Content-Type'] ??= options.contentType ?? 'application/json';
  const res = await app.request(path, {
    method,
    headers,
    ...(body !== undefined ? { body: body as BodyInit } : {}),
  });
  let text: string;
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    text = await readFor(res, options.streamMs ?? 300);
  } else {
    text = await res.text();
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

async function readFor(res: Response, ms: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((done) => {
        timer = setTimeout(() => done(null), left);
      }),
    ]);
    clearTimeout(timer);
    if (chunk === null || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}
