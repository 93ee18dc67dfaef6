// Media inspection per submission (extensions section 9): what the inspection worker does for one
// submission, timed on the demo's sample media served over HTTP from a local server (as the
// demo's own media URLs are): fetch with the service's limits, parse (mp4box / image-size), and
// the checks against a TikTok task. p50 and p99 per sample file. The review queue never waits on
// this: a submission is listed at once and says "inspecting" until its checks arrive.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mediaChecks } from '../../server/media/checks.ts';
import { fetchMedia } from '../../server/media/fetch-media.ts';
import { parseMedia } from '../../server/media/parse-media.ts';
import { printRows } from '../lib/results.ts';

const SAMPLES = [
  'clip-1.mp4',
  'clip-2.mp4',
  'clip-3.mp4',
  'landscape.mp4',
  'long.mp4',
  'broken.mp4',
];

export interface InspectionSample {
  file: string;
  bytes: number;
  outcome: string;
  p50_ms: number;
  p99_ms: number;
  runs: number;
}

export interface InspectionResult {
  samples: InspectionSample[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchInspection(quick: boolean): Promise<InspectionResult> {
  const dir = join(import.meta.dirname, '../../public/samples');
  const server = createServer((req, res) => {
    try {
      const body = readFileSync(join(dir, (req.url ?? '/').slice(1)));
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const limits = {
    maxBytes: 50 * 1024 * 1024,
    timeoutMs: 10_000,
    maxRedirects: 3,
    allowHosts: new Set([host]),
  };
  const runs = quick ? 20 : 200;
  const samples: InspectionSample[] = [];
  try {
    for (const file of SAMPLES) {
      const times: number[] = [];
      let outcome = '';
      let bytes = 0;
      for (let i = 0; i < runs + 5; i++) {
        const started = performance.now();
        const fetched = await fetchMedia(`http://${host}/${file}`, limits);
        const checks = mediaChecks(parseMedia(fetched.bytes), 'video', {
          platforms: ['tiktok'],
          formats: [],
        });
        const took = performance.now() - started;
        if (i >= 5) times.push(took); // the first few warm the JIT and the connection
        bytes = fetched.bytes.length;
        outcome = checks.map((c) => `${c.name} ${c.outcome}`).join(', ');
      }
      times.sort((a, b) => a - b);
      samples.push({
        file,
        bytes,
        outcome,
        p50_ms: Number(percentile(times, 50).toFixed(2)),
        p99_ms: Number(percentile(times, 99).toFixed(2)),
        runs,
      });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { samples };
}

export function printInspection(r: InspectionResult) {
  printRows(
    [
      ['sample', 'checks', 'bytes', 'p50 ms', 'p99 ms'],
      ...r.samples.map((s) => [
        s.file,
        s.outcome,
        String(s.bytes),
        s.p50_ms.toFixed(2),
        s.p99_ms.toFixed(2),
      ]),
    ],
    2,
  );
}
