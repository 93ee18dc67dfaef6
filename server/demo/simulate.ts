import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { createSimulator } from './simulator.ts';

// `npm run simulate`: the simulator on its own, against the configured database (DATABASE_URL, or
// PGlite in DATA_DIR when no service holds it). Against a PostgreSQL that running services share,
// they all see the activity (live events included). `npm start` with the demo world runs the same
// simulator in-process unless SIMULATOR=off.

const env = loadEnv();
const logger = createLogger(env.logLevel === 'info' ? 'debug' : env.logLevel);
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
const simulator = createSimulator({
  db: database.db,
  logger,
  mediaBase: `http://${host}:${env.port}`,
  tickMs: env.simulatorTickMs,
  reviewS: env.simulatorReviewS,
});
console.log(`Simulating creator activity on ${database.location}; Ctrl-C stops.`);
const stop = () => {
  simulator.stop();
  void database.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Keep the process alive: the simulator's timer does not.
setInterval(() => {}, 1 << 30);
