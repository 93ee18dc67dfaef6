// Results: the machine they were measured on, JSON files, and tables for the terminal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { round } from './config.ts';

export interface Machine {
  cores: number;
  cpu: string;
  memory_gb: number;
  free_memory_gb: number;
  platform: string;
  node: string;
  load_average_at_start: number[];
  load_average_at_end: number[];
}

/** The machine, with the load average at `start` (from loadavg() when the run began) and now. */
export function machine(start: number[]): Machine {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpu: cpu[0]?.model ?? 'unknown',
    memory_gb: round(totalmem() / 2 ** 30),
    free_memory_gb: round(freemem() / 2 ** 30),
    platform: `${platform()} ${release()}`,
    node: process.version,
    load_average_at_start: start.map((l) => round(l, 2)),
    load_average_at_end: loadavg().map((l) => round(l, 2)),
  };
}

/** Warns when the machine is already busy: the figures will be noisy. */
export function loadAtStart(): number[] {
  const load = loadavg();
  if (load[0]! > 1)
    console.warn(
      `The machine is busy (load average ${load[0]!.toFixed(1)}): expect noisy figures.`,
    );
  return load;
}

export function writeResult(path: string, result: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
}

/** Prints rows as a table: the first `left` columns aligned left, the others right. */
export function printRows(rows: string[][], left = 2) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i < left ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  }
}
