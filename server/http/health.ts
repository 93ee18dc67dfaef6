import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { migrationsFolder, queryRows, type Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';
import type { Lifecycle } from './lifecycle.ts';

// Readiness (docs/deployment.md#probes): this instance should be sent requests. 503 while it is
// draining (SIGTERM), when the database does not answer, or when the database lacks a migration
// this build needs (a rollout started before `migrate` ran). Liveness is /healthz/live
// (routes/meta): the process answers, whatever the database.

/** The `when` of the newest migration this build carries (drizzle's journal). */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

export function readinessRoutes(deps: { db: Db; lifecycle: Lifecycle }) {
  const app = new Hono<AppEnv>();
  let needed: number | undefined;
  app.get('/healthz/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle.draining) {
      throw new ApiError(503, 'internal', 'Shutting down: not taking new work');
    }
    needed ??= newestMigration();
    let applied: number;
    try {
      const [row] = await queryRows<{ last: string | number | null }>(
        deps.db,
        sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
      );
      applied = Number(row?.last ?? 0);
    } catch (err) {
      c.get('log').error({ err }, 'readiness: database unavailable');
      throw new ApiError(503, 'internal', 'Database unavailable');
    }
    if (applied < needed) {
      throw new ApiError(
        503,
        'internal',
        'Database migrations not applied: run them before this build',
      );
    }
    return c.json({ status: 'ok' as const }, 200);
  });
  return app;
}
