import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The service has no import circles, type-only imports included (docs/architecture.md#layers,
// docs/decisions/0112-server-layers.md). ESLint's import-x/no-cycle skips type-only imports, so
// this reads every file's imports with the TypeScript compiler's own scanner instead.

const SERVER = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** file -> the files of the same tree it imports (import, import type, export from, import()). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name))
        .map((path) => [path, `${path}.ts`, join(path, 'index.ts')].find((p) => existsSync(p)))
        .filter((path): path is string => path !== undefined && known.has(path));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The circles of a graph: its strongly connected components of two files or more, or a self-import (Tarjan). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node))
      circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles in server/', () => {
  it('finds a circle where there is one, type-only imports included (a positive control)', () => {
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a', 'd']],
          ['d', []],
          ['e', ['e']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c'], ['e']]);
    // Two files of this tree that import each other by type only.
    const graph = importGraph([join(SERVER, 'http/context.ts'), join(SERVER, 'domain/tenancy.ts')]);
    expect(graph.get(join(SERVER, 'http/context.ts'))).toContain(join(SERVER, 'domain/tenancy.ts'));
    expect(
      circlesOf(
        new Map([...graph, [join(SERVER, 'domain/tenancy.ts'), [join(SERVER, 'http/context.ts')]]]),
      ),
    ).toHaveLength(1);
  });

  it('has none: every file of the service, tests included, imports only what stands below it', () => {
    const circles = circlesOf(importGraph(sourceFiles(SERVER))).map((circle) =>
      circle.map((file) => relative(SERVER, file)).join(' <-> '),
    );
    expect(circles).toEqual([]);
  });
});
