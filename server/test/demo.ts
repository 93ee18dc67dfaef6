import { DEMO_AGENCY_KEY } from '../demo/seed.ts';
import { seedDemo } from '../services/demo.ts';
import { expectStatus } from './campaigns.ts';
import { fileContext } from './harness.ts';

/**
 * The file's context with the demo world seeded (media under a local base); `get` reads a path
 * under /2026-07 as the demo agency and fails on anything but 200.
 */
export async function seededDemo() {
  const ctx = await fileContext();
  await seedDemo(ctx.db, { mediaBase: 'http://127.0.0.1:8080' });
  const get = async (path: string) =>
    expectStatus(await ctx.request('GET', `/2026-07${path}`, { key: DEMO_AGENCY_KEY }), 200);
  return { ctx, get };
}
