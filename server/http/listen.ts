import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

// The HTTP server of the service. Node answers what never reaches the app (a header block over
// the limit, a request line it cannot parse) itself, with an empty body; here those answers carry
// the interface's error body like every other one (docs/api.md#protocol-conventions).

/** The largest header block a request may send (Node's own default, stated). */
export const MAX_HEADER_BYTES = 16 * 1024;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * A complete HTTP/1.1 answer with the error body, closing the connection. It carries a new
 * `X-Request-Id` like every answer (the request's own could not be read).
 */
export function rawErrorAnswer(status: 400 | 408 | 431, code: string, message: string): string {
  const body = JSON.stringify({ error: status, message, code });
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    `X-Request-Id: ${randomUUID()}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answers a request Node refused before the app saw it, then closes the socket. */
export function onClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Bytes after a request that asked to close: the answer to that request is on its way and
  // closes the connection; writing another one here would cut it off.
  if (err.code === 'HPE_CLOSED_CONNECTION') return;
  if (!socket.writable || (err.code === 'ECONNRESET' && !('bytesParsed' in err))) {
    socket.destroy();
    return;
  }
  let answer: string;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawErrorAnswer(
      431,
      'headers_too_large',
      `headers: the header block is larger than ${MAX_HEADER_BYTES / 1024} KB`,
    );
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawErrorAnswer(408, 'request_timeout', 'The request took too long to arrive');
  } else {
    answer = rawErrorAnswer(400, 'invalid_request', 'Malformed HTTP request');
  }
  socket.end(answer);
}

export interface ListenOptions {
  hostname: string;
  port: number;
}

/** Serves `app` on a Node HTTP server with the header limit and the error bodies above. */
export function listen(
  app: Hono<AppEnv>,
  options: ListenOptions,
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve(
    {
      fetch: app.fetch,
      hostname: options.hostname,
      port: options.port,
      serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
    },
    onListening,
  ) as Server;
  server.on('clientError', onClientError);
  return server;
}

/** How long a connection closed after a 413 still reads what its client sends (lingerOnClose). */
export const LINGER_MS = 2000;

/**
 * A lingering close (as nginx's lingering_close) for an answer that closes the connection before
 * the request's body was read (413): after the answer, the socket sends its FIN, then reads and
 * drops what the client still sends until the client closes or LINGER_MS pass. Closing at once
 * with unread bytes resets the connection, and a client still writing its body then fails with
 * EPIPE or ECONNRESET before it reads the 413 it was sent.
 */
export function lingerOnClose(incoming: IncomingMessage | undefined): void {
  const socket = incoming?.socket;
  if (!incoming || !socket || socket.destroyed) return;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    if (this.destroyed) return;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.end();
    incoming.resume();
    this.resume();
  };
}
