import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { brandAndKey, freshDatabase, http, startService, type Service } from './support/service.ts';

// Crash: under a steady write load the built service is killed with SIGKILL and started again
// on the same data. Every write answered 2xx is there after the restart, nothing half-written is
// (each campaign has all of its tasks), and replaying the unanswered creates with their
// Idempotency-Key makes exactly one campaign each. On PGlite in a data directory, or on the
// PostgreSQL server of TEST_DATABASE_URL when it is set.

const PORT = 8114;
const TASKS = 3;
const WORKERS = 4;
/** The kill comes once this many creates were answered (and the load ran at least MIN_LOAD_MS). */
const ACKED_BEFORE_KILL = 12;
const MIN_LOAD_MS = 1_000;

interface Sent {
  name: string;
  idem: string;
  /** The campaign id when the create was answered 201. */
  id?: string;
  /** The rename answered 200, when it was. */
  renamed?: string;
}

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
});

const body = (name: string) => ({
  name,
  tasks: Array.from({ length: TASKS }, (_, i) => ({
    title: `Task ${i}`,
    instructions: 'Film it.',
    platforms: ['tiktok'],
  })),
});

async function writeLoad(
  service: Service,
  key: string,
  sent: Sent[],
  until: Promise<void>,
): Promise<Sent[]> {
  let stop = false;
  void until.then(() => (stop = true));
  let n = 0;
  const worker = async (w: number) => {
    while (!stop) {
      const s: Sent = { name: `crash ${w}-${n++}`, idem: `crash-${w}-${n}-${Date.now()}` };
      sent.push(s);
      try {
        const res = await http(service.url, 'POST', '/2026-07/campaigns', {
          token: key,
          body: body(s.name),
          headers: { 'Idempotency-Key': s.idem },
        });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
        s.id = res.json.id;
        const renamed = `${s.name} renamed`;
        const patch = await http(service.url, 'PATCH', `/2026-07/campaigns/${s.id}`, {
          token: key,
          body: { name: renamed },
        });
        if (patch.status !== 200) throw new Error(`rename answered ${patch.status}: ${patch.text}`);
        s.renamed = renamed;
      } catch (err) {
        // The kill: fetch fails with a TypeError (connection reset or refused); anything else
        // (an error answer) fails the test. The write's outcome is unknown: retried below.
        if (!(err instanceof TypeError)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return sent;
}

async function allCampaigns(service: Service, key: string) {
  const out: { id: string; name: string; tasks_count: number }[] = [];
  let cursor: string | null = null;
  do {
    const res = await http(
      service.url,
      'GET',
      `/2026-07/campaigns?limit=100${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      { token: key },
    );
    expect(res.status, res.text).toBe(200);
    out.push(...res.json.data);
    cursor = res.json.next_cursor;
  } while (cursor);
  return out;
}

async function crashAndCheck(env: Record<string, string>) {
  let service = await startService(PORT, env);
  cleanup.push(() => service.kill('SIGKILL'));
  const { key } = await brandAndKey(service.url);

  let kill!: () => void;
  const killed = new Promise<void>((done) => (kill = done));
  const inFlight: Sent[] = [];
  const load = writeLoad(service, key, inFlight, killed);
  // Kill mid-load, once enough writes were answered (a slow, busy machine answers fewer per second).
  // MIN_LOAD_MS is a duration of load on purpose (the kill lands among writes in flight), not a
  // guess at when something is ready; the condition is polled by vi.waitFor.
  const started = Date.now();
  await vi.waitFor(
    () => {
      const acked = inFlight.filter((s) => s.renamed).length;
      if (Date.now() - started < MIN_LOAD_MS || acked < ACKED_BEFORE_KILL)
        throw new Error(`the service answered too few writes in 90 s (${acked})`);
    },
    { timeout: 90_000, interval: 20 },
  );
  await service.kill('SIGKILL');
  kill();
  const sent = await load;
  const acked = sent.filter((s) => s.id);
  expect(acked.length, 'writes answered before the kill').toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

  service = await startService(PORT, env);
  cleanup.push(() => service.kill('SIGKILL'));

  // Every answered write is there, with all of its tasks and its answered rename.
  for (const s of acked) {
    const res = await http(service.url, 'GET', `/2026-07/campaigns/${s.id}`, { token: key });
    expect(res.status, `${s.name}: ${res.text}`).toBe(200);
    expect(res.json.tasks).toHaveLength(TASKS);
    if (s.renamed) expect(res.json.name).toBe(s.renamed);
  }
  // Nothing half-written: every campaign that exists is whole.
  const before = await allCampaigns(service, key);
  for (const c of before) expect(c.tasks_count, c.name).toBe(TASKS);
  const names = new Set(sent.flatMap((s) => [s.name, `${s.name} renamed`]));
  for (const c of before) expect(names.has(c.name), c.name).toBe(true);

  // The creates that got no answer, retried with their key: one campaign each, never two.
  for (const s of sent.filter((x) => !x.id)) {
    const res = await http(service.url, 'POST', '/2026-07/campaigns', {
      token: key,
      body: body(s.name),
      headers: { 'Idempotency-Key': s.idem },
    });
    expect(res.status, res.text).toBe(201);
  }
  const after = await allCampaigns(service, key);
  const base = (name: string) => name.replace(/ renamed$/, '');
  const counts = new Map<string, number>();
  for (const c of after) counts.set(base(c.name), (counts.get(base(c.name)) ?? 0) + 1);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect(counts.size).toBe(sent.length);
  await service.kill('SIGTERM');
  return { sent: sent.length, acked: acked.length };
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('SIGKILL under a steady write load', () => {
  test.skipIf(Boolean(pgUrl))('on PGlite in a data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-crash-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const result = await crashAndCheck({ DATA_DIR: dir });
    console.log(`PGlite crash: ${result.acked} of ${result.sent} creates answered before the kill`);
  });

  test.runIf(Boolean(pgUrl))('on PostgreSQL', async () => {
    const db = await freshDatabase(pgUrl!);
    cleanup.push(() => db.drop());
    const dir = mkdtempSync(join(tmpdir(), 'cc-crash-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const result = await crashAndCheck({ DATABASE_URL: db.url, DATA_DIR: dir });
    console.log(
      `PostgreSQL crash: ${result.acked} of ${result.sent} creates answered before the kill`,
    );
  });
});
