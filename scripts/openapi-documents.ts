import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../server/app.ts';
import { openPglite } from '../server/db/client.ts';

// Writes the service's two OpenAPI documents (api.json, ops.json) into the directory given as
// the first argument, as the running service answers them.

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/openapi-documents.ts <directory>');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const database = await openPglite();
const app = createApp({
  db: database.db,
  logger: pino({ level: 'silent' }),
  opsToken: 'openapi-documents-only',
  rateLimitPerMinute: 60,
});
for (const [name, path] of [
  ['api.json', '/2026-07/openapi.json'],
  ['ops.json', '/ops/openapi.json'],
] as const) {
  const res = await app.request(path);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  writeFileSync(join(dir, name), JSON.stringify(await res.json(), null, 2) + '\n');
}
await database.close();
console.log(`wrote api.json and ops.json to ${dir}`);
