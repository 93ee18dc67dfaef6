// A mutation run: plants one deliberate bug at a time (scripts/mutations.ts), runs the tests that
// should notice it, and counts the bugs they kill. Usage (docs/mutation-testing.md):
//
//   npm run mutation                 every mutation
//   npm run mutation -- --only=c3,f2  some of them
//
// The source file is restored after each mutation (also on Ctrl-C). A mutation whose text is not
// found exactly once is reported as stale and makes the run fail: the list must follow the code.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mutations, type Mutation } from './mutations.ts';

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = only ? mutations.filter((m) => only.includes(m.id)) : mutations;

let restore: (() => void) | null = null;
process.on('SIGINT', () => {
  restore?.();
  process.exit(130);
});

type Outcome = 'killed' | 'survived' | 'stale';

function run(m: Mutation): { outcome: Outcome; seconds: number } {
  const original = readFileSync(m.file, 'utf8');
  const at = original.indexOf(m.from);
  if (at === -1 || original.indexOf(m.from, at + 1) !== -1) return { outcome: 'stale', seconds: 0 };
  const started = Date.now();
  restore = () => writeFileSync(m.file, original);
  try {
    writeFileSync(m.file, original.slice(0, at) + m.to + original.slice(at + m.from.length));
    const tests = spawnSync(
      'npx',
      ['vitest', 'run', '--project', m.project, '--bail=1', '--reporter=dot', ...m.tests],
      { stdio: 'ignore', env: { ...process.env, CI: '1' } },
    );
    return {
      outcome: tests.status === 0 ? 'survived' : 'killed',
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    restore();
    restore = null;
  }
}

const results: { m: Mutation; outcome: Outcome; seconds: number }[] = [];
for (const m of chosen) {
  const r = run(m);
  results.push({ m, ...r });
  console.log(
    `${r.outcome.padEnd(8)} ${m.id.padEnd(4)} ${m.area.padEnd(8)} ${m.file}: ${m.what} (${r.seconds.toFixed(0)} s)`,
  );
}

const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
const judged = count('killed') + count('survived');
const score = judged === 0 ? 0 : (100 * count('killed')) / judged;
const byArea = [...new Set(results.map((r) => r.m.area))]
  .map((area) => {
    const mine = results.filter((r) => r.m.area === area && r.outcome !== 'stale');
    return `${area} ${mine.filter((r) => r.outcome === 'killed').length}/${mine.length}`;
  })
  .join(', ');
console.log(
  `\n${count('killed')} of ${judged} mutations killed (${score.toFixed(1)}%); ${byArea}` +
    (count('stale') > 0 ? `; ${count('stale')} stale (text not found once: fix the list)` : ''),
);
process.exit(count('stale') > 0 || score < 95 ? 1 : 0);
