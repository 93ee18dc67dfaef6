import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { requestLog } from './request-log.ts';

function logged() {
  const entries: { level: number; path: string; status: number }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
      done();
    },
  });
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(pino({ level: 'debug' }, sink)));
  app.get('/samples/clip-1.mp4', (c) => c.body('mp4'));
  app.get('/assets/index.js', (c) => c.body('js'));
  app.get('/2026-07/me', (c) => c.json({}));
  app.get('/boom', (c) => c.text('no', 500));
  return { app, entries };
}

describe('request log levels', () => {
  it('logs a served static file (a sample the demo inspection fetches) at debug, the API at info, a missing file at info, a 5xx at error', async () => {
    const { app, entries } = logged();
    for (const path of [
      '/samples/clip-1.mp4',
      '/assets/index.js',
      '/2026-07/me',
      '/samples/missing.mp4',
      '/boom',
    ])
      await app.request(path);
    expect(entries.map((e) => [e.path, e.status, e.level])).toEqual([
      ['/samples/clip-1.mp4', 200, 20],
      ['/assets/index.js', 200, 20],
      ['/2026-07/me', 200, 30],
      ['/samples/missing.mp4', 404, 30],
      ['/boom', 500, 50],
    ]);
  });
});
