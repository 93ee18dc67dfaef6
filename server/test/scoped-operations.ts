import { randomUUID } from 'node:crypto';
import { Scope } from '#contract/me';
import type { TestContext } from './harness.ts';

export interface ScopedOperation {
  method: string;
  /** The document's path, with its `{id}` parameters. */
  path: string;
  scope: Scope;
}

/**
 * Every operation of the served OpenAPI document that names a scope, as the scope and role
 * matrices walk them (a new operation joins both without a test edit).
 */
export async function scopedOperations(ctx: TestContext): Promise<ScopedOperation[]> {
  const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  const operations: ScopedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const scope = op.security?.flatMap((s) => Object.values(s).flat())[0];
      if (scope) operations.push({ method: method.toUpperCase(), path, scope: Scope.parse(scope) });
    }
  }
  return operations;
}

/** The operation's path under /2026-07 with random ids: nothing is found, so nothing changes. */
export const withRandomIds = (op: ScopedOperation) =>
  `/2026-07${op.path.replace(/\{[^}]+\}/g, () => randomUUID())}`;
