import { buildDemoWorld } from '../demo/seed.ts';
import { inTransaction } from './write.ts';

/**
 * Creates the demo world on an empty database (no brands yet), in one transaction; otherwise
 * changes nothing (docs/architecture.md#services). Members, keys, campaigns and activity are
 * written with their audit entries and live events by the triggers (docs/architecture.md#triggers).
 */
export const seedDemo = inTransaction(buildDemoWorld);
