import { pino, type Logger } from 'pino';
import type { LogLevel } from './env.ts';

/** JSON lines on stdout. Headers are never logged, so no key or token can reach the log. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: 'campaign-console' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', '*.authorization'], censor: '[redacted]' },
  });
}
