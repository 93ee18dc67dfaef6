import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '#contract/me';
import { expectError } from '../test/campaigns.ts';
import { fileContext } from '../test/harness.ts';
import {
  scopedOperations,
  withRandomIds,
  type ScopedOperation,
} from '../test/scoped-operations.ts';

// Every operation that names a scope, with brand keys AND agency keys lacking exactly that scope:
// 403 missing_scope. (A check skipped for one kind of key must fail here.)

const ctx = await fileContext();
let operations: ScopedOperation[];
const lacking = { brand: new Map<Scope, string>(), agency: new Map<Scope, string>() };

beforeAll(async () => {
  operations = await scopedOperations(ctx);
  const brand = await ctx.ops.createBrand();
  const agency = await ctx.ops.createAgency([brand.id]);
  for (const scope of Scope.options) {
    const others = Scope.options.filter((s) => s !== scope);
    lacking.brand.set(
      scope,
      (await ctx.ops.createKey({ kind: 'brand', brand_id: brand.id, scopes: others })).key,
    );
    lacking.agency.set(
      scope,
      (await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id, scopes: others })).key,
    );
  }
});

describe('the scope matrix', () => {
  it.each(['brand', 'agency'] as const)(
    'refuses every scoped operation to a %s key without its scope',
    async (kind) => {
      expect(operations.length).toBeGreaterThan(25);
      expect(new Set(operations.map((o) => o.scope)).size).toBe(Scope.options.length);
      for (const op of operations) {
        const path = withRandomIds(op);
        const res = await ctx.request(op.method, path, { key: lacking[kind].get(op.scope)! });
        expect(
          res.status,
          `${op.method} ${op.path} with a ${kind} key lacking ${op.scope}: ${res.text}`,
        ).toBe(403);
        expectError(res, 403, 'missing_scope');
      }
    },
  );
});
