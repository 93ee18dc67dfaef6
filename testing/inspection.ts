import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { inspectionHandler } from '../server/jobs/inspect-submission.ts';
import { createWorker } from '../server/jobs/worker.ts';
import type { RealService } from './service.ts';

/**
 * Media inspection for dashboard tests on the real service (docs/review-bar.md#inspection): a local server
 * hands out the sample media of `public/samples` (as the demo's service does), and `drain` runs
 * the service's own inspection worker over the queued jobs, as a running instance would. Use with
 * `realService({ deps: { deps: { inspectMedia: true } } })`.
 */
const samples = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'samples');

export function mediaInspection(service: RealService) {
  let media: Server | undefined;
  let base = '';
  beforeAll(async () => {
    media = createServer((req, res) => {
      try {
        // A path, not a URL: the page's (jsdom's) URL is not one Node's fs reads.
        const bytes = readFileSync(join(samples, basename(req.url ?? '')));
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((done) => media!.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    media?.closeAllConnections();
    await new Promise((done) => media?.close(done));
  });
  return {
    /** The URL of a sample (`clip-1.mp4`, `landscape.mp4`, `broken.mp4`, …). */
    sample: (file: string) => `${base}/${file}`,
    /** Inspects every queued submission; answers how many jobs ran. */
    drain: () =>
      createWorker({
        db: service.ctx.db,
        leaseMs: 60_000,
        handle: inspectionHandler({
          db: service.ctx.db,
          reviewer: {
            review: () => Promise.resolve({ decision: 'left_for_buyer', reason: 'not configured' }),
          },
          fetch: {
            maxBytes: 5_000_000,
            timeoutMs: 5_000,
            maxRedirects: 2,
            allowHosts: new Set(['127.0.0.1']),
          },
          backoffMs: () => 0,
        }),
      }).drain(),
  };
}
