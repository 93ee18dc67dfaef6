// Decides whether the production build is missing or older than the sources it is made from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'contract',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const OUTPUTS = ['dist/client/index.html', 'dist/server/index.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** @returns {string | null} why a build is needed, or null when the build is current */
export function buildNeeded() {
  const missing = OUTPUTS.find((p) => !existsSync(p));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs));
  const stale = SOURCES.find((p) => newestMtime(p) > built);
  return stale ? `${stale} changed since the last build` : null;
}
