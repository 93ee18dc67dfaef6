import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditEventPage } from '#contract/people';
import { queryRows } from '../../db/client.ts';
import { activeWorld, apply, newCreator, submit } from '../../test/activity.ts';
import { campaignIn, createCampaign, expectStatus, ops, task } from '../../test/campaigns.ts';
import { fileContext, type TestResponse } from '../../test/harness.ts';
import {
  memberWithSession,
  opsInvite,
  TEST_PASSWORD,
  tokenOf,
  uniqueEmail,
  type TestMember,
} from '../../test/people.ts';
import { addCodes, newCode, newGroup } from '../../test/usage.ts';

// The audit trail (docs/api.md#people): every write operation of the OpenAPI document, done
// by a member, appends entries naming that member and the request, in the same transaction; the
// list and its filters; entries cannot be changed or deleted.

const ctx = await fileContext();
let brandId: string;
let admin: TestMember;
let writes: string[];
beforeAll(async () => {
  brandId = (await ctx.ops.createBrand()).id;
  admin = await memberWithSession(ctx, { brand_id: brandId }, 'admin', 'Audit Admin');
  const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json as {
    paths: Record<string, Record<string, unknown>>;
  };
  writes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
});

interface Request {
  path: string;
  body?: unknown;
  /** The credential; default the admin's session. */
  key?: string | null;
  /** The member the entries must name (default the admin). */
  actorId?: string;
}

const k = () => admin.token;
const c = (id: string) => `/2026-07/campaigns/${id}`;

/** The decision on a new applicant of a campaign requiring approval. */
async function applicantDecision(decision: 'approve' | 'reject'): Promise<Request> {
  const campaign = await campaignIn(ctx, k(), 'active', {
    settings: { creator_approval_required: true },
  });
  const creator = await newCreator(ctx);
  await apply(ctx, campaign.id, creator.id);
  return { path: `${c(campaign.id)}/creators/${creator.id}/${decision}` };
}

/**
 * A successful request of each write operation, set up through the real routes. The test below
 * fails for any write operation of the document that has no recipe here.
 */
const RECIPES: Record<string, () => Promise<Request>> = {
  'POST /campaigns': async () => ({ path: '/2026-07/campaigns', body: { name: 'Audited' } }),
  'PATCH /campaigns/{campaign_id}': async () => {
    const campaign = await createCampaign(ctx, k());
    return { path: c(campaign.id), body: { description: 'changed' } };
  },
  'DELETE /campaigns/{campaign_id}': async () => ({ path: c((await createCampaign(ctx, k())).id) }),
  'POST /campaigns/{campaign_id}/publish': async () => ({
    path: `${c((await createCampaign(ctx, k(), { tasks: [task()] })).id)}/publish`,
  }),
  'POST /campaigns/{campaign_id}/withdraw': async () => ({
    path: `${c((await campaignIn(ctx, k(), 'pending_approval')).id)}/withdraw`,
  }),
  'POST /campaigns/{campaign_id}/pause': async () => ({
    path: `${c((await campaignIn(ctx, k(), 'active')).id)}/pause`,
  }),
  'POST /campaigns/{campaign_id}/resume': async () => ({
    path: `${c((await campaignIn(ctx, k(), 'paused')).id)}/resume`,
  }),
  'POST /campaigns/{campaign_id}/tasks': async () => ({
    path: `${c((await createCampaign(ctx, k())).id)}/tasks`,
    body: task(),
  }),
  'PATCH /campaigns/{campaign_id}/tasks/{task_id}': async () => {
    const campaign = await createCampaign(ctx, k(), { tasks: [task()] });
    return {
      path: `${c(campaign.id)}/tasks/${campaign.tasks![0]!.id}`,
      body: { title: 'Renamed' },
    };
  },
  'POST /campaigns/{campaign_id}/tasks/{task_id}/archive': async () => {
    const campaign = await createCampaign(ctx, k(), { tasks: [task(), task()] });
    return { path: `${c(campaign.id)}/tasks/${campaign.tasks![0]!.id}/archive` };
  },
  'POST /campaigns/{campaign_id}/tasks/{task_id}/unarchive': async () => {
    const campaign = await createCampaign(ctx, k(), { tasks: [task(), task()] });
    const path = `${c(campaign.id)}/tasks/${campaign.tasks![0]!.id}`;
    expectStatus(await ctx.request('POST', `${path}/archive`, { key: k() }), 200);
    return { path: `${path}/unarchive` };
  },
  'POST /campaigns/{campaign_id}/creators/{creator_id}/approve': () => applicantDecision('approve'),
  'POST /campaigns/{campaign_id}/creators/{creator_id}/reject': () => applicantDecision('reject'),
  'POST /campaigns/{campaign_id}/submissions/{submission_id}/approve': async () => {
    const w = await activeWorld(ctx, k(), 1);
    const s = await submit(ctx, w.campaign.id, w.creators[0]!.id, w.taskId);
    return { path: `${c(w.campaign.id)}/submissions/${s.id}/approve` };
  },
  'POST /campaigns/{campaign_id}/submissions/{submission_id}/reject': async () => {
    const w = await activeWorld(ctx, k(), 1);
    const s = await submit(ctx, w.campaign.id, w.creators[0]!.id, w.taskId);
    return {
      path: `${c(w.campaign.id)}/submissions/${s.id}/reject`,
      body: { feedback: 'Reshoot in daylight' },
    };
  },
  'POST /codes': async () => ({
    path: '/2026-07/codes',
    body: { group_id: (await newGroup(ctx, brandId)).id, codes: [newCode()] },
  }),
  'PUT /codes': async () => {
    const code = newCode();
    await addCodes(ctx, k(), (await newGroup(ctx, brandId)).id, [code]);
    return { path: '/2026-07/codes', body: { usage: [{ code, total_uses: 3 }] } };
  },
  'PUT /codes/{code}': async () => {
    const code = newCode();
    await addCodes(ctx, k(), (await newGroup(ctx, brandId)).id, [code]);
    return { path: `/2026-07/codes/${code}`, body: { total_uses: 2 } };
  },
  'DELETE /codes/{code}': async () => {
    const code = newCode();
    await addCodes(ctx, k(), (await newGroup(ctx, brandId)).id, [code]);
    return { path: `/2026-07/codes/${code}` };
  },
  'POST /code-groups/{group_id}/rotate-intake': async () => ({
    path: `/2026-07/code-groups/${(await newGroup(ctx, brandId)).id}/rotate-intake`,
  }),
  'POST /sessions': async () => ({
    path: '/2026-07/sessions',
    body: { email: admin.email, password: TEST_PASSWORD },
    key: null,
  }),
  'DELETE /sessions/current': async () => {
    const other = await ctx.request('POST', '/2026-07/sessions', {
      body: { email: admin.email, password: TEST_PASSWORD },
    });
    return { path: '/2026-07/sessions/current', key: other.json.token as string };
  },
  'POST /members/invitations': async () => ({
    path: '/2026-07/members/invitations',
    body: { email: uniqueEmail(), role: 'viewer' },
  }),
  'POST /members/invitations/{invitation_id}/resend': async () => ({
    path: `/2026-07/members/invitations/${(await opsInvite(ctx, { brand_id: brandId }, 'viewer')).id}/resend`,
  }),
  'DELETE /members/invitations/{invitation_id}': async () => ({
    path: `/2026-07/members/invitations/${(await opsInvite(ctx, { brand_id: brandId }, 'viewer')).id}`,
  }),
  'POST /invitations/{token}/accept': async () => {
    const inv = await opsInvite(ctx, { brand_id: brandId }, 'viewer');
    return {
      path: `/2026-07/invitations/${tokenOf(inv.invitation_url)}/accept`,
      body: { name: 'Joining', password: TEST_PASSWORD },
      key: null,
      actorId: 'joining', // the new member; checked below
    };
  },
  'PATCH /members/{member_id}': async () => ({
    path: `/2026-07/members/${(await memberWithSession(ctx, { brand_id: brandId }, 'viewer')).id}`,
    body: { role: 'reviewer' },
  }),
  'DELETE /members/{member_id}': async () => ({
    path: `/2026-07/members/${(await memberWithSession(ctx, { brand_id: brandId }, 'viewer')).id}`,
  }),
  'POST /keys': async () => ({
    path: '/2026-07/keys',
    body: { name: 'Audited key', scopes: ['campaigns:read'] },
  }),
  'POST /keys/{key_id}/revoke': async () => ({
    path: `/2026-07/keys/${(await ctx.ops.createKey({ kind: 'brand', brand_id: brandId })).id}/revoke`,
  }),
};

async function entriesOf(requestId: string) {
  return queryRows<{
    actor_type: string;
    actor_id: string | null;
    actor_label: string;
    action: string;
    brand_id: string | null;
  }>(
    ctx.db,
    sql`select actor_type, actor_id, actor_label, action, brand_id::text from audit_events where request_id = ${requestId}`,
  );
}

describe('every write operation appends entries naming its actor', () => {
  it('has a recipe for each write operation of the document', () => {
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.filter((w) => !RECIPES[w])).toEqual([]);
  });

  it('each write by a member is in the trail with the member, the request id and the brand', async () => {
    for (const op of writes) {
      const recipe = RECIPES[op];
      if (!recipe) continue;
      const req = await recipe();
      const method = op.split(' ')[0]!;
      const key = req.key === undefined ? admin.token : req.key;
      const res: TestResponse = await ctx.request(method, req.path, {
        ...(key ? { key } : {}),
        ...(req.body !== undefined ? { body: req.body } : {}),
      });
      expect(res.status, `${op}: ${res.text}`).toBeLessThan(300);
      const requestId = res.headers.get('X-Request-Id')!;
      const entries = await entriesOf(requestId);
      expect(entries.length, `${op} wrote no audit entry`).toBeGreaterThan(0);
      const actorId = req.actorId === 'joining' ? res.json.member.id : admin.id;
      for (const e of entries) {
        expect(e, op).toMatchObject({ actor_type: 'member', actor_id: actorId, brand_id: brandId });
      }
    }
  });
});

describe('the entries', () => {
  it('say who approved what, with before and after, and the list filters them', async () => {
    const reviewer = await memberWithSession(ctx, { brand_id: brandId }, 'reviewer', 'Maya Chen');
    const w = await activeWorld(ctx, admin.token, 1);
    const s = await submit(ctx, w.campaign.id, w.creators[0]!.id, w.taskId);
    const res = await ctx.request('POST', `${c(w.campaign.id)}/submissions/${s.id}/approve`, {
      key: reviewer.token,
    });
    expect(res.status, res.text).toBe(200);
    const list = await ctx.request(
      'GET',
      `/2026-07/audit-events?target_id=${s.id}&action=submission.approved`,
      { key: admin.token },
    );
    expect(list.status, list.text).toBe(200);
    const page = AuditEventPage.parse(list.json);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      actor: { type: 'member', id: reviewer.id, label: 'Maya Chen (reviewer)' },
      action: 'submission.approved',
      target_type: 'submission',
      target_id: s.id,
      campaign_id: w.campaign.id,
      brand_id: brandId,
      request_id: res.headers.get('X-Request-Id'),
    });
    expect(page.data[0]!.changes.status).toEqual(['in_review', 'approved']);

    // By campaign, newest first, paged; by actor.
    const byCampaign = await ctx.request(
      'GET',
      `/2026-07/audit-events?campaign_id=${w.campaign.id}&limit=1`,
      { key: reviewer.token },
    );
    expect(byCampaign.json.data[0].action).toBe('submission.approved');
    expect(byCampaign.json.has_more).toBe(true);
    const next = await ctx.request(
      'GET',
      `/2026-07/audit-events?campaign_id=${w.campaign.id}&limit=100&starting_after=${encodeURIComponent(byCampaign.json.next_cursor)}`,
      { key: reviewer.token },
    );
    expect(next.status, next.text).toBe(200);
    const rest = next.json.data as { action: string; occurred_at: string }[];
    expect(rest.map((e) => e.action)).toContain('campaign.created');
    expect(rest.map((e) => e.action)).not.toContain('submission.approved');
    const times = rest.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await ctx.request('GET', `/2026-07/audit-events?actor_id=${reviewer.id}`, {
      key: admin.token,
    });
    const actions = (mine.json.data as { action: string }[]).map((e) => e.action);
    expect(actions[0]).toBe('submission.approved');
    expect(actions).toContain('member.joined');
  });

  it('list the entries of one write in the order they were written, on every page', async () => {
    // docs/decisions/0168-activity-in-the-order-it-happened.md: one write, one time; the campaign
    // is created before its tasks are added, and a page boundary inside the write keeps the order.
    const campaign = await createCampaign(ctx, admin.token, {
      tasks: [task({ title: 'First' }), task({ title: 'Second' }), task({ title: 'Third' })],
    });
    const seen: { action: string; target_label: string | null; occurred_at: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `campaign_id=${campaign.id}&limit=1${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`;
      const page = await ctx.request('GET', `/2026-07/audit-events?${query}`, { key: admin.token });
      expect(page.status, page.text).toBe(200);
      const parsed = AuditEventPage.parse(page.json);
      seen.push(...parsed.data);
      cursor = parsed.next_cursor;
    } while (cursor);
    expect(seen.map((e) => [e.action, e.target_label])).toEqual([
      ['campaign.created', campaign.name],
      ['task.created', 'First'],
      ['task.created', 'Second'],
      ['task.created', 'Third'],
    ]);
    expect(new Set(seen.map((e) => e.occurred_at)).size).toBe(1);
  });

  it('refuse a cursor of another shape with 400, never a 500', async () => {
    const res = await ctx.request('GET', '/2026-07/audit-events?starting_after=abc.def', {
      key: admin.token,
    });
    expect(res.status, res.text).toBe(400);
  });

  it('name their target as it is called now, and a deleted one as it was called', async () => {
    const w = await activeWorld(ctx, admin.token, 1);
    const creator = w.creators[0]!;
    const s = await submit(ctx, w.campaign.id, creator.id, w.taskId);
    expectStatus(
      await ctx.request('POST', `${c(w.campaign.id)}/submissions/${s.id}/approve`, {
        key: admin.token,
      }),
      200,
    );
    const code = newCode();
    const group = await newGroup(ctx, brandId);
    await addCodes(ctx, admin.token, group.id, [code]);
    const doomed = await createCampaign(ctx, admin.token, { name: 'Gone soon' });
    expectStatus(await ctx.request('DELETE', c(doomed.id), { key: admin.token }), 200);
    const list = async (query: string) => {
      const res = await ctx.request('GET', `/2026-07/audit-events?${query}`, { key: admin.token });
      expect(res.status, res.text).toBe(200);
      return AuditEventPage.parse(res.json).data;
    };
    const [approved] = await list(`target_id=${s.id}&action=submission.approved`);
    expect(approved?.target_label).toBe(creator.username);
    const [applied] = await list(`target_id=${creator.id}&action=creator.applied`);
    expect(applied?.target_label).toBe(creator.username);
    const [campaign] = await list(`target_id=${w.campaign.id}&action=campaign.created`);
    expect(campaign?.target_label).toBe(w.campaign.name);
    const [task] = await list(`target_id=${w.taskId}&target_type=task`);
    expect(task?.target_label).toBe(w.campaign.tasks![0]!.title);
    const [added] = await list(`target_id=${code}&action=code.created`);
    expect(added?.target_label).toBe(code);
    const [deleted] = await list(`target_id=${doomed.id}&action=campaign.deleted`);
    expect(deleted?.target_label).toBe('Gone soon');
  });

  it('name a key, ops, and never hold a secret', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const created = await createCampaign(ctx, key.key);
    const review = await ops(ctx, 'POST', `/ops/campaigns/${created.id}/complete`);
    expect(review.status).toBeLessThan(500);
    const group = await newGroup(ctx, brand.id);
    const list = await ctx.request('GET', `/2026-07/audit-events?limit=100`, { key: key.key });
    const entries = list.json.data as {
      actor: { type: string; id: string };
      action: string;
      target_id: string;
    }[];
    expect(entries.find((e) => e.action === 'campaign.created')?.actor).toEqual({
      type: 'key',
      id: key.id,
      label: `API key ${key.prefix}…`,
    });
    expect(entries.find((e) => e.target_id === group.id)?.actor).toMatchObject({ type: 'ops' });
    expect(list.text).not.toMatch(/key_hash|password_hash|token_hash/);
    const groupCreated = (
      list.json.data as { target_id: string; changes: Record<string, unknown> }[]
    ).find((e) => e.target_id === group.id);
    // The intake address is a secret: the entry says it was set, never what it is.
    expect(groupCreated?.changes.intake_token).toEqual([null, '(secret)']);
  });

  it('an unknown or invisible campaign_id answers 404', async () => {
    const other = await ctx.ops.brandWithKey();
    const campaign = await createCampaign(ctx, other.key.key);
    const res = await ctx.request('GET', `/2026-07/audit-events?campaign_id=${campaign.id}`, {
      key: admin.token,
    });
    expect(res.status).toBe(404);
  });

  it('cannot be updated, deleted or truncated', async () => {
    await createCampaign(ctx, admin.token);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_events`,
    );
    expect(row!.n).toBeGreaterThan(0);
    const refused = async (statement: Promise<unknown>) => {
      const err = await statement.then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(err, 'the statement went through').not.toBeNull();
      expect(String(err!.cause?.message ?? err!.message)).toMatch(/append-only/);
    };
    await refused(ctx.db.execute(sql`update audit_events set action = 'forged'`));
    await refused(ctx.db.execute(sql`delete from audit_events`));
    await refused(ctx.db.execute(sql`truncate audit_events`));
    const [after] = await queryRows<{ n: number; forged: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(*) filter (where action = 'forged')::int as forged from audit_events`,
    );
    expect(after).toEqual({ n: row!.n, forged: 0 });
  });

  it('a refused write leaves no entry', async () => {
    const campaign = await campaignIn(ctx, admin.token, 'active');
    const res = await ctx.request('DELETE', c(campaign.id), { key: admin.token });
    expect(res.status).toBe(409);
    expect(await entriesOf(res.headers.get('X-Request-Id')!)).toEqual([]);
  });
});
