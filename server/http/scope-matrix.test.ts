import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '#contract/me';
import { expectError } from '../test/campaigns.ts';
import { fileContext } from '../test/harness.ts';
import {
  documentedOperations,
  withRandomIds,
  type DocumentedOperation,
} from '../test/scoped-operations.ts';

// The scope each operation requires is pinned here, by operationId, not read back from what the
// routes declare: an approve declared (and enforced) as a read must fail this test, and so must an
// operation added without an entry (docs/decisions/0113-tests-that-cannot-lie.md). Then, with brand
// keys AND agency keys lacking exactly that scope: 403 missing_scope; with every scope: no
// missing_scope (the positive control: the refusal is the scope's, not the random ids').

/** operationId -> the scope it requires; null: no scope (public, or any credential of its own). */
const REQUIRED_SCOPE: Record<string, Scope | null> = {
  getMe: null,
  createCampaign: 'campaigns:write',
  listCampaigns: 'campaigns:read',
  getCampaign: 'campaigns:read',
  updateCampaign: 'campaigns:write',
  deleteCampaign: 'campaigns:write',
  publishCampaign: 'campaigns:write',
  withdrawCampaign: 'campaigns:write',
  getPublishReviewSummary: 'campaigns:read',
  pauseCampaign: 'campaigns:write',
  resumeCampaign: 'campaigns:write',
  listTasks: 'campaigns:read',
  createTask: 'campaigns:write',
  getTask: 'campaigns:read',
  updateTask: 'campaigns:write',
  archiveTask: 'campaigns:write',
  unarchiveTask: 'campaigns:write',
  listTargetingProperties: 'campaigns:read',
  listTargetingValues: 'campaigns:read',
  listCampaignCreators: 'campaigns:read',
  getCampaignCreator: 'campaigns:read',
  approveCreator: 'creators:write',
  rejectCreator: 'creators:write',
  listQueuedSubmissions: 'campaigns:read',
  countQueuedSubmissions: 'campaigns:read',
  listSubmissions: 'campaigns:read',
  getSubmission: 'campaigns:read',
  listSubmissionRevisions: 'campaigns:read',
  approveSubmission: 'submissions:write',
  rejectSubmission: 'submissions:write',
  listPosts: 'campaigns:read',
  getPost: 'campaigns:read',
  getCampaignMetrics: 'campaigns:read',
  getCampaignMetricsHistory: 'campaigns:read',
  getMetricsAcrossCampaigns: 'campaigns:read',
  reportCodeUsage: 'codes:write',
  listCodes: 'codes:read',
  addCodes: 'codes:write',
  listCodeGroups: 'codes:read',
  reportOneCodeUsage: 'codes:write',
  deleteCode: 'codes:write',
  listUsageReports: 'codes:read',
  listPayouts: 'campaigns:read',
  listPayoutEntries: 'campaigns:read',
  rotateCodeGroupIntake: 'codes:write',
  createSession: null,
  endCurrentSession: null,
  listMembers: 'members:write',
  inviteMember: 'members:write',
  listInvitations: 'members:write',
  resendInvitation: 'members:write',
  revokeInvitation: 'members:write',
  acceptInvitation: null,
  updateMember: 'members:write',
  removeMember: 'members:write',
  listKeys: 'keys:write',
  createKey: 'keys:write',
  revokeKey: 'keys:write',
  listAuditEvents: 'campaigns:read',
  streamEvents: 'campaigns:read',
  getOpenApiDocument: null,
};

const ctx = await fileContext();
let operations: DocumentedOperation[];
let allScopes: { brand: string; agency: string };
const lacking = { brand: new Map<Scope, string>(), agency: new Map<Scope, string>() };

/** The operations the table says need a scope, with it. */
const requiring = () =>
  operations.flatMap((op) => {
    const scope = REQUIRED_SCOPE[op.operationId];
    return scope ? [{ ...op, scope }] : [];
  });

beforeAll(async () => {
  operations = await documentedOperations(ctx);
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
  allScopes = {
    brand: (
      await ctx.ops.createKey({ kind: 'brand', brand_id: brand.id, scopes: [...Scope.options] })
    ).key,
    agency: (
      await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id, scopes: [...Scope.options] })
    ).key,
  };
});

describe('the scope matrix', () => {
  it('pins the scope of every operation of the document, and of nothing else', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    const missing = ids.filter((id) => !(id in REQUIRED_SCOPE));
    expect(missing, 'operations without an entry in REQUIRED_SCOPE').toEqual([]);
    const stale = Object.keys(REQUIRED_SCOPE).filter((id) => !ids.includes(id));
    expect(stale, 'entries of REQUIRED_SCOPE the document no longer has').toEqual([]);
  });

  it('declares in the document the scope the table requires', () => {
    const declared = Object.fromEntries(operations.map((op) => [op.operationId, op.scope]));
    expect(declared).toEqual(REQUIRED_SCOPE);
  });

  it.each(['brand', 'agency'] as const)(
    'refuses every scoped operation to a %s key without its scope, and not to one with it',
    async (kind) => {
      const scoped = requiring();
      expect(scoped.length).toBeGreaterThan(25);
      expect(new Set(scoped.map((o) => o.scope)).size).toBe(Scope.options.length);
      for (const op of scoped) {
        const path = withRandomIds(op);
        const res = await ctx.request(op.method, path, { key: lacking[kind].get(op.scope)! });
        expect(
          res.status,
          `${op.operationId} (${op.method} ${op.path}) with a ${kind} key lacking ${op.scope}: ${res.text}`,
        ).toBe(403);
        expectError(res, 403, 'missing_scope');
        // Not through ctx.request: the event stream of a key with the scope never ends.
        const allowed = await ctx.app.request(path, {
          method: op.method,
          headers: { Authorization: `Bearer ${allScopes[kind]}` },
        });
        const text = allowed.headers.get('content-type')?.startsWith('application/json')
          ? await allowed.text()
          : (await allowed.body?.cancel(), '');
        expect(
          text,
          `${op.operationId} with a ${kind} key holding every scope: ${allowed.status} ${text.slice(0, 200)}`,
        ).not.toContain('missing_scope');
      }
    },
  );
});
