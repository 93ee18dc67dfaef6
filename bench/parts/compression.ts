// Compressed JSON answers (docs/api.md#protocol-conventions): the bytes of a 100-row list answer as sent
// without compression, with gzip and with br, and what compressing costs: the same request with
// and without `Accept-Encoding`, measured in turns in one run (req/s ratio, and the service's CPU
// time per request of each).
import { request } from 'node:http';
import { round } from '../lib/config.ts';
import { alternate, httpMeasure, type Figures } from '../lib/measure.ts';
import { printRows } from '../lib/results.ts';
import { openTarget, type Driver } from '../lib/target.ts';
import { createBrand, createSample } from '../lib/world.ts';

const ROWS = 100;
const PATH = `/2026-07/campaigns?limit=${ROWS}`;

export interface CompressionDriverResult {
  driver: Driver;
  request: string;
  bytes: { identity: number; gzip: number; br: number };
  /** gzip bytes ÷ uncompressed bytes. */
  gzip_ratio: number;
  identity: Figures;
  gzip: Figures;
  /** req/s with gzip ÷ req/s without compression, measured in turns. */
  gzip_over_identity: number;
  /** The service's CPU time per request with gzip minus without, µs. */
  gzip_cpu_us: number | null;
}

export interface CompressionResult {
  drivers: CompressionDriverResult[];
}

/** The answer's bytes on the wire for one Accept-Encoding (fetch would decompress them). */
function wireBytes(base: string, key: string, encoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = request(
      `${base}${PATH}`,
      { headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': encoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`${PATH} answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function benchCompression(drivers: Driver[]): Promise<CompressionResult> {
  const results: CompressionDriverResult[] = [];
  for (const driver of drivers) {
    const target = await openTarget(driver);
    if (!target) continue;
    try {
      console.log(`compression, ${driver}: ${ROWS} campaigns ...`);
      const base = target.service().base;
      const brand = await createBrand(base, 'Compression bench');
      await createSample(base, brand.brandId, ROWS);
      const identity = await wireBytes(base, brand.key, 'identity');
      const gzip = await wireBytes(base, brand.key, 'gzip');
      const br = await wireBytes(base, brand.key, 'br');
      if (identity.encoding !== 'identity' || gzip.encoding !== 'gzip' || br.encoding !== 'br')
        throw new Error(
          `unexpected encodings: ${identity.encoding}, ${gzip.encoding}, ${br.encoding}`,
        );
      const url = `${base}${PATH}`;
      const measureWith = (encoding: string) =>
        httpMeasure(target.probe(), url, {
          key: brand.key,
          headers: { 'Accept-Encoding': encoding },
        });
      console.log(`compression, ${driver}: ${PATH} with and without gzip, in turns ...`);
      const [plain, gzipped] = await alternate(measureWith('identity'), measureWith('gzip'));
      const cpu = (f: Figures) => f.cpu?.service_us;
      const plainCpu = cpu(plain);
      const gzipCpu = cpu(gzipped);
      results.push({
        driver,
        request: `GET ${PATH}`,
        bytes: { identity: identity.bytes, gzip: gzip.bytes, br: br.bytes },
        gzip_ratio: round(gzip.bytes / identity.bytes, 3),
        identity: plain,
        gzip: gzipped,
        gzip_over_identity: round(gzipped.rps / plain.rps, 2),
        gzip_cpu_us: plainCpu !== undefined && gzipCpu !== undefined ? gzipCpu - plainCpu : null,
      });
    } finally {
      await target.close();
    }
  }
  return { drivers: results };
}

export function printCompression(r: CompressionResult) {
  printRows(
    [
      [
        'driver',
        'bytes identity',
        'gzip',
        'br',
        'req/s identity',
        'req/s gzip',
        'gzip ÷ identity',
        'CPU µs/req gzip - identity',
      ],
      ...r.drivers.map((d) => [
        d.driver,
        String(d.bytes.identity),
        String(d.bytes.gzip),
        String(d.bytes.br),
        String(d.identity.rps),
        String(d.gzip.rps),
        String(d.gzip_over_identity),
        String(d.gzip_cpu_us ?? '-'),
      ]),
    ],
    1,
  );
}
