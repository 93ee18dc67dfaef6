import { randomUUID } from 'node:crypto';
import { Scope } from '#contract/me';
import type { TestContext } from './harness.ts';

export interface DocumentedOperation {
  operationId: string;
  method: string;
  /** The document's path, with its `{id}` parameters. */
  path: string;
  /** The scope its security names; null when it names none (public, or any credential). */
  scope: Scope | null;
}

export interface ScopedOperation extends DocumentedOperation {
  scope: Scope;
}

/** Every operation of the served OpenAPI document, with the scope its security declares. */
export async function documentedOperations(ctx: TestContext): Promise<DocumentedOperation[]> {
  const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json as {
    paths: Record<
      string,
      Record<string, { operationId?: string; security?: Record<string, string[]>[] }>
    >;
  };
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const scope = op.security?.flatMap((s) => Object.values(s).flat())[0];
      operations.push({
        operationId: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        scope: scope ? Scope.parse(scope) : null,
      });
    }
  }
  return operations;
}

/**
 * Every operation of the served OpenAPI document that names a scope, as the scope and role
 * matrices walk them (a new operation joins both without a test edit).
 */
export async function scopedOperations(ctx: TestContext): Promise<ScopedOperation[]> {
  return (await documentedOperations(ctx)).filter((op): op is ScopedOperation => op.scope !== null);
}

/** The operation's path under /2026-07 with random ids: nothing is found, so nothing changes. */
export const withRandomIds = (op: Pick<DocumentedOperation, 'path'>) =>
  `/2026-07${op.path.replace(/\{[^}]+\}/g, () => randomUUID())}`;
