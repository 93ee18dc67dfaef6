// Preloaded into a measured service (NODE_OPTIONS=--import): on SIGUSR2 it writes the process's
// memory (process.memoryUsage(), after a full collection) as JSON to BENCH_MEMORY_FILE, so a bench can read the heap of a
// process it did not start with an inspector.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full garbage collection first, so two readings differ by what is still held (--expose-gc
// is not allowed in NODE_OPTIONS; set here, it gives a new context its gc()).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

process.on('SIGUSR2', () => {
  gc();
  writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});

// BENCH_CPU_PROF=<file>: a CPU profile of the whole run, written when the service is told to stop
// (--cpu-prof is not allowed in NODE_OPTIONS).
if (process.env.BENCH_CPU_PROF) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('SIGTERM', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(process.env.BENCH_CPU_PROF, JSON.stringify(result.profile));
    });
  });
}
