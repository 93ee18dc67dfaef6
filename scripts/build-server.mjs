// Bundles the service into dist/server/index.js (dependencies stay in node_modules), and copies
// the committed SQL migrations beside it so the bundle finds them wherever it is started from.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('built dist/server/index.js');
