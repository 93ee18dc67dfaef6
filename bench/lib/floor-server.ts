// The floor of the service benchmark's endpoints: what any endpoint could reach on this machine.
// The service's own HTTP stack (@hono/node-server's listener, as server/http/listen.ts serves the
// app) with a bare handler in front of the database: no middleware, no authentication, no
// validation, no framework routing. A read replays the very statements the service sends for it,
// prepared as the service prepares them (queryStatement: a named statement per connection on
// PostgreSQL), and answers the rows as JSON; a write runs the write's domain code
// (bench/lib/endpoint-work.ts). Started as a child process by bench/lib/floor.ts, so it has a
// process of its own like the service; its cases come from the JSON file FLOOR_CASES names.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openPglite, openPostgres, queryStatement, type Database } from '../../server/db/client.ts';
import { approveWork, createCampaignWork } from './endpoint-work.ts';
import type { FloorCases } from './floor.ts';

const cases = JSON.parse(readFileSync(process.env.FLOOR_CASES!, 'utf8')) as FloorCases;
const database: Database = process.env.FLOOR_DATABASE_URL
  ? await openPostgres(process.env.FLOOR_DATABASE_URL)
  : await openPglite({ dataDir: process.env.FLOOR_PGLITE_DIR! });
const db = database.db;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** GET /read/<name>, POST /approve/<submission id>, POST /campaigns, GET /ready. */
async function handle(request: Request): Promise<Response> {
  const path = request.url.slice(request.url.indexOf('/', 8));
  if (path.startsWith('/read/')) {
    const statements = cases.reads[path.slice('/read/'.length)];
    if (!statements) return json({ error: 404 }, 404);
    let rows: unknown[] = [];
    for (const s of statements) rows = await queryStatement(db, s);
    return json(rows);
  }
  if (path.startsWith('/approve/')) {
    return json(await approveWork(db, cases.writes, path.slice('/approve/'.length)));
  }
  if (path === '/campaigns') {
    const key = request.headers.get('idempotency-key') ?? undefined;
    const outcome = await createCampaignWork(db, cases.writes, await request.json(), key);
    return json(outcome, 201);
  }
  if (path === '/ready') return json({ ok: true });
  return json({ error: 404 }, 404);
}

const server = serve(
  {
    fetch: (request: Request) =>
      handle(request).catch((err: unknown) => json({ error: 500, message: String(err) }, 500)),
    hostname: '127.0.0.1',
    port: Number(process.env.FLOOR_PORT),
  },
  () => console.log('floor listening'),
);

process.once('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
