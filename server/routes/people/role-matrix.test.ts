import { beforeAll, describe, expect, it } from 'vitest';
import { Role, Scope } from '#contract/me';
import { ROLE_SCOPES } from '#contract/people';
import { fileContext } from '../../test/harness.ts';
import {
  scopedOperations,
  withRandomIds,
  type ScopedOperation,
} from '../../test/scoped-operations.ts';
import { memberWithSession, type TestMember } from '../../test/people.ts';

// The role × operation matrix (docs/api.md#people), generated from the OpenAPI document: for
// every operation that names a scope, a member of each role, of a brand and of an agency, is
// refused (403 missing_scope) exactly when the role's scopes lack it, and otherwise gets past the
// scope check (whatever the answer about the random ids it names).

const ctx = await fileContext();
let operations: ScopedOperation[];
const sessions = { brand: new Map<Role, TestMember>(), agency: new Map<Role, TestMember>() };

beforeAll(async () => {
  operations = await scopedOperations(ctx);
  const brand = await ctx.ops.createBrand();
  const agency = await ctx.ops.createAgency([brand.id]);
  for (const role of Role.options) {
    sessions.brand.set(role, await memberWithSession(ctx, { brand_id: brand.id }, role));
    sessions.agency.set(role, await memberWithSession(ctx, { agency_id: agency.id }, role));
  }
});

describe('the role matrix', () => {
  it('covers every scope, including members:write and keys:write', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(new Set(operations.map((o) => o.scope))).toEqual(new Set(Scope.options));
  });

  it.each(
    (['brand', 'agency'] as const).flatMap((kind) =>
      Role.options.map((role) => [kind, role] as const),
    ),
  )('a %s %s gets exactly the operations of its role', async (kind, role) => {
    const member = sessions[kind].get(role)!;
    const allowed = new Set(ROLE_SCOPES[role]);
    const wrong: string[] = [];
    for (const op of operations) {
      // Random ids: nothing is found, so nothing changes; only the scope check is under test.
      const path = withRandomIds(op);
      if (op.path === '/events') {
        // The live stream answers at once and stays open: read the status, then hang up.
        const stream = await ctx.app.request(path, {
          headers: { Authorization: `Bearer ${member.token}` },
        });
        const code = stream.status === 403 ? 'missing_scope' : null;
        await stream.body?.cancel();
        if ((code === 'missing_scope') === allowed.has(op.scope))
          wrong.push(`GET /events (${op.scope}) answered ${stream.status}`);
        continue;
      }
      const res = await ctx.request(op.method, path, {
        key: member.token,
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}),
      });
      const refused = res.status === 403 && res.json?.code === 'missing_scope';
      if (refused === allowed.has(op.scope)) {
        wrong.push(
          `${op.method} ${op.path} (${op.scope}) answered ${res.status} ${res.json?.code}`,
        );
      }
    }
    expect(wrong).toEqual([]);
    // The session is still good: a refusal ends nothing.
    expect((await ctx.request('GET', '/2026-07/me', { key: member.token })).status).toBe(200);
  });
});
