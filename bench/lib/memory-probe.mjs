// Preloaded into a measured service (NODE_OPTIONS=--import): on SIGUSR2 it writes the process's
// memory (process.memoryUsage()) as JSON to BENCH_MEMORY_FILE, so a bench can read the heap of a
// process it did not start with an inspector.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';

process.on('SIGUSR2', () => {
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
