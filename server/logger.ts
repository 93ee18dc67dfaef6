import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './env.ts';

// The log never holds a request body, an SQL parameter, query text, a password hash or a whole
// credential (docs/reliability.md, decision 0090). Errors are logged through safeError, which
// keeps only what names a fault (type, message, code, constraint, table, column, stack) and never
// the query or its parameters, which drizzle puts in its errors' message and `params`; and every
// line is passed through redactSecrets before it is written, whatever logged it.

// API keys (`cck_`), session tokens (`ccs_`) and invitation tokens (`cci_`): cut to their prefix.
const CREDENTIAL = /cc[kis]_[A-Za-z0-9_-]{12,}/g;
// A password hash as passwords.ts stores it: `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`.
const PASSWORD_HASH = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]*\$[A-Za-z0-9_-]*/g;

/** `text` with every credential cut to its first 12 characters and `…`, and every password hash replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(CREDENTIAL, (key) => `${key.slice(0, 12)}…`)
    .replace(PASSWORD_HASH, 'scrypt$[redacted]');
}

/** The fields of an error (and of the PostgreSQL error it wraps) that name a fault without values. */
const KEPT = ['code', 'constraint', 'table', 'column', 'schema', 'severity', 'routine', 'errno'];

/** What safeError made: logged again (the logger's serialiser after a caller's), kept as it is. */
const made = new WeakSet<object>();

/** An error's message without the query text and parameters drizzle puts in a failed query's. */
function safeMessage(err: Error): string {
  if (err.message.startsWith('Failed query:')) {
    return 'Failed query (its text and parameters are not logged)';
  }
  return err.message;
}

/**
 * `err` as the log may hold it: its type, message (a failed query's without its text and
 * parameters), the fields of KEPT, its stack (with that message) and its cause, the same way;
 * never `params`, `query`, `detail` (PostgreSQL's holds the values of a violated key) or any other
 * field. Anything that is not an error is logged as its type alone.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (made.has(err as object)) return err as Record<string, unknown>;
  if (!(err instanceof Error)) return { type: err === null ? 'null' : typeof err };
  const message = safeMessage(err);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message };
  const record = err as unknown as Record<string, unknown>;
  for (const name of KEPT) {
    const value = record[name];
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  if (err.stack) {
    const frames = err.stack.indexOf('\n    at ');
    out.stack = `${err.name}: ${message}${frames === -1 ? '' : err.stack.slice(frames)}`;
  }
  if (err.cause !== undefined && depth < 4) out.cause = safeError(err.cause, depth + 1);
  made.add(out);
  return out;
}

/** JSON lines on stdout (or `destination`). Headers are never logged, so no key or token can reach the log. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'campaign-console' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', '*.authorization'], censor: '[redacted]' },
    serializers: { err: safeError },
    hooks: { streamWrite: redactSecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}
