// Precompresses the built dashboard (dist/client) once at build time: beside every text file of a
// kilobyte or more (not the source maps, which only developer tools fetch), `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) when smaller.
// The service serves them by Accept-Encoding (server/http/dashboard.ts, decision 0083), so no
// request pays for compression and the first screen travels compressed.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

export async function precompress(dir) {
  let raw = 0;
  let br = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const data = await readFile(path);
    if (data.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    if (brotli.length < data.length) await writeFile(`${path}.br`, brotli);
    if (gzip.length < data.length) await writeFile(`${path}.gz`, gzip);
    raw += data.length;
    br += Math.min(brotli.length, data.length);
    files++;
  }
  return { files, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/client';
  await stat(dir);
  const { files, raw, br } = await precompress(dir);
  console.log(
    `precompressed ${files} files in ${dir}: ${Math.round(raw / 1024)} KB -> ${Math.round(br / 1024)} KB (brotli)`,
  );
}
