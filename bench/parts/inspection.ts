// Media inspection per submission (docs/review-bar.md#inspection), measured through the running service
// as a reviewer meets it: a submission arrives through /ops with its media on a local HTTP server
// (as the demo's sample media are served), and the time until the service answers it with its
// checks is taken (the inspection job: claim, fetch with the service's limits, parse with mp4box,
// the checks against a TikTok feed task, the review bar). p50 and p99 per sample file. The review
// queue never waits on this: a submission is listed at once and reads "inspecting" until then.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { config } from '../lib/config.ts';
import { printRows } from '../lib/results.ts';
import { call, startService } from '../lib/service.ts';
import { createBrand, createHotCampaign } from '../lib/world.ts';

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
  const service = await startService({ MEDIA_ALLOW_HOSTS: host });
  const runs = quick ? 10 : 60;
  const samples: InspectionSample[] = [];
  // The service may keep its data between runs: creators of this run are its own.
  const stamp = Date.now().toString(36);
  try {
    const brand = await createBrand(service.base, 'Inspection bench');
    const campaign = await createHotCampaign(service.base, brand, 'Inspection bench');
    for (const file of SAMPLES) {
      const times: number[] = [];
      let outcome = '';
      for (let i = 0; i < runs + 3; i++) {
        const creator = await call<{ id: string }>(
          service.base,
          'POST',
          '/ops/creators',
          config.opsToken,
          { username: `inspect_${stamp}_${file.replace(/\W/g, '')}_${i}`, properties: {} },
        );
        await call(
          service.base,
          'POST',
          `/ops/campaigns/${campaign.id}/applications`,
          config.opsToken,
          { creator_id: creator.id },
        );
        const started = performance.now();
        const sent = await call<{ id: string }>(
          service.base,
          'POST',
          `/ops/campaigns/${campaign.id}/submissions`,
          config.opsToken,
          {
            creator_id: creator.id,
            task_id: campaign.taskIds[0],
            media_type: 'video',
            media_url: `http://${host}/${file}`,
          },
        );
        let checks: { name: string; outcome: string }[] | null = null;
        while (checks === null) {
          const seen = await call<{ checks: { name: string; outcome: string }[] | null }>(
            service.base,
            'GET',
            `/2026-07/campaigns/${campaign.id}/submissions/${sent.id}`,
            brand.key,
          );
          checks = seen.checks;
          if (checks === null) {
            if (performance.now() - started > 30_000)
              throw new Error(`${file}: not inspected in 30 s`);
            await sleep(2);
          }
        }
        const took = performance.now() - started;
        if (i >= 3) times.push(took); // the first few warm the service
        outcome = checks.map((c) => `${c.name} ${c.outcome}`).join(', ');
      }
      times.sort((a, b) => a - b);
      samples.push({
        file,
        bytes: readFileSync(join(dir, file)).length,
        outcome,
        p50_ms: Number(percentile(times, 50).toFixed(1)),
        p99_ms: Number(percentile(times, 99).toFixed(1)),
        runs,
      });
    }
  } finally {
    await service.stop();
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
