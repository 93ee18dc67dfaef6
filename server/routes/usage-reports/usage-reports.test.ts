import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CodeGroup } from '#contract/codes';
import { USAGE_REPORT_CHANNEL_HEADER, UsageReportPage } from '#contract/usage-reports';
import { queryRows } from '../../db/client.ts';
import { expectError, expectStatus } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';
import { memberWithSession } from '../../test/people.ts';
import {
  addCodes,
  codeNow,
  groupWithAssignedCode,
  newCode,
  newGroup,
  usageReports,
} from '../../test/usage.ts';

// The record of every usage report (docs/usage-reports.md) as PUT /codes writes it, and the
// groups' intake addresses: GET /usage-reports, rotate-intake, usage_report.created.

const { ctx, brand } = await brandWorld();

const putJson = (body: unknown, key = brand.key.key, headers: Record<string, string> = {}) =>
  ctx.request('PUT', '/2026-07/codes', { key, body, headers });
const putCsv = (csv: string, key = brand.key.key) =>
  ctx.request('PUT', '/2026-07/codes', {
    key,
    rawBody: csv,
    headers: { 'Content-Type': 'text/csv' },
  });

describe('usage reports', () => {
  it('refuses a CSV with a NUL or another control character with 422 naming the line and column, and records it', async () => {
    const { codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const [code] = codes as [string];
    // The probe's report: a NUL inside a code (it answered 500 and was not recorded).
    const nul = await putCsv('code,total_uses\nGLOW\u0000X,5\n');
    expectError(nul, 422, 'validation_failed', 'line 2 (code)');
    expect(nul.json.issues).toEqual([
      {
        field: 'line 2 (code)',
        message: expect.stringMatching(/^code must not contain .*U\+0000/),
      },
    ]);
    expect(nul.text).not.toContain('\\u0000');
    // Other control characters, in a value, an extra column or a quoted field; a tab is text.
    const res = await putCsv(
      `code,total_uses,note\n${code},3\u0001,ok\n${code}x,1,"a\u001bb"\n${code}y,2,"tab\there"\n`,
    );
    expectError(res, 422, 'validation_failed', 'line 2 (total_uses)');
    expect(res.json.issues.map((i: { field: string }) => i.field)).toEqual([
      'line 2 (total_uses)',
      'line 3 (note)',
    ]);
    expect((await codeNow(ctx, brand.key.key, code)).total_uses).toBe(0);

    const refused = await usageReports(ctx, brand.key.key, 'outcome=refused&channel=api');
    const probe = refused.find((r) => r.errors.some((e) => e.message.includes('U+0000')));
    expect(probe).toMatchObject({ format: 'csv', outcome: 'refused', rows: 1, codes_changed: 0 });
    expect(probe!.errors).toEqual([
      expect.objectContaining({
        line: 2,
        code: null,
        message: expect.stringMatching(/^code must not contain/),
      }),
    ]);
    // The newest refused report of the API is the second one: lines 2 and 3, line 4 (a tab) is fine.
    expect(refused[0]!.errors.map((e) => e.line)).toEqual([2, 3]);
  });

  it('records an applied JSON report with its counts, the commission paid and the key prefix', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id, 40);
    const [paid, unpaid] = codes as [string, string];
    expectStatus(
      await putJson({
        usage: [
          { code: paid, total_uses: 3 },
          { code: unpaid, total_uses: 5 },
        ],
      }),
      200,
    );
    const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(report).toMatchObject({
      group_id: group.id,
      channel: 'api',
      format: 'json',
      outcome: 'applied',
      rows: 2,
      codes_changed: 2,
      uses_added: 8,
      paid_cents: 120,
      errors: [],
      sender: brand.key.prefix,
    });
  });

  it("credits a report to the person: the signed-in member's name and e-mail, a key's name and prefix", async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id, 10);
    const [code] = codes as [string];
    const manager = await memberWithSession(
      ctx,
      { brand_id: brand.brand.id },
      'manager',
      'Rui Costa',
    );
    expectStatus(
      await putJson({ usage: [{ code, total_uses: 1 }] }, manager.token, {
        [USAGE_REPORT_CHANNEL_HEADER]: 'dashboard',
      }),
      200,
    );
    const made = await ctx.request('POST', '/2026-07/keys', {
      key: (await memberWithSession(ctx, { brand_id: brand.brand.id }, 'admin')).token,
      body: { name: 'Shop sync', scopes: ['codes:write', 'codes:read'] },
    });
    const named = expectStatus(made, 201) as { key: string; prefix: string };
    expectStatus(await putJson({ usage: [{ code, total_uses: 2 }] }, named.key), 200);
    const [byKey, byMember] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(byMember).toMatchObject({
      channel: 'dashboard',
      sender: `Rui Costa <${manager.email}>`,
    });
    expect(byKey).toMatchObject({ channel: 'api', sender: `Shop sync (${named.prefix})` });
  });

  it('records a refused CSV with each line and code, answers 422 as before, and changes nothing', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const [first] = codes as [string];
    expectStatus(await putJson({ usage: [{ code: first, total_uses: 9 }] }), 200);
    const res = await putCsv(`code,total_uses\n${first},4\nNO-SUCH-CODE,1\n\n${first}x,-2\n`);
    expectError(res, 422, 'validation_failed');
    expect(res.json.message).toContain('line 5');
    const res2 = await putCsv(`code,total_uses\n${first},4\nNOSUCHCODE9,1\n`);
    expectError(res2, 422, 'validation_failed');
    expect(res2.json.message).toContain('line 3: no code "NOSUCHCODE9" exists');
    expect((await codeNow(ctx, brand.key.key, first)).total_uses).toBe(9);

    const refused = await usageReports(ctx, brand.key.key, `group_id=${group.id}&outcome=refused`);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ channel: 'api', format: 'csv', rows: 2, codes_changed: 0 });
    expect(refused[0]!.errors).toEqual([
      expect.objectContaining({
        line: 2,
        index: null,
        code: first,
        message: expect.stringContaining('never decreases'),
      }),
      expect.objectContaining({
        line: 3,
        code: 'NOSUCHCODE9',
        message: 'no code "NOSUCHCODE9" exists',
      }),
    ]);
    // The unparseable file (a negative total) is recorded too, for this brand's key.
    const all = await usageReports(ctx, brand.key.key, 'outcome=refused&channel=api');
    const parseRefusal = all.find((r) => r.errors.some((e) => e.line === 5));
    expect(parseRefusal).toMatchObject({ format: 'csv', rows: 3 });
    expect(parseRefusal!.errors.find((e) => e.line === 5)!.message).toContain(
      'must not be negative',
    );
  });

  it('records the dashboard upload under its own channel; an unknown channel is refused with 400', async () => {
    const group = await newGroup(ctx, brand.brand.id);
    const [code] = await addCodes(ctx, brand.key.key, group.id, [newCode()]);
    expectStatus(
      await putJson({ usage: [{ code: code!.code, total_uses: 1 }] }, brand.key.key, {
        'Usage-Report-Channel': 'dashboard',
      }),
      200,
    );
    const [report] = await usageReports(
      ctx,
      brand.key.key,
      `group_id=${group.id}&channel=dashboard`,
    );
    expect(report).toMatchObject({ channel: 'dashboard', outcome: 'applied', uses_added: 1 });
    const bad = await putJson({ usage: [{ code: code!.code, total_uses: 2 }] }, brand.key.key, {
      'Usage-Report-Channel': 'fax',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('usage-report-channel');
  });

  it('shows a brand only its own reports, pages newest first, and writes usage_report.created', async () => {
    const other = await ctx.ops.brandWithKey();
    const group = await newGroup(ctx, brand.brand.id);
    const [code] = await addCodes(ctx, brand.key.key, group.id, [newCode()]);
    for (let i = 1; i <= 3; i++)
      expectStatus(await putJson({ usage: [{ code: code!.code, total_uses: i }] }), 200);
    expect(await usageReports(ctx, other.key.key)).toEqual([]);
    // The other brand cannot name the group either.
    expectError(
      await ctx.request('GET', `/2026-07/usage-reports?group_id=${group.id}`, {
        key: other.key.key,
      }),
      404,
      'not_found',
    );
    // A report naming only codes the key cannot see is the reporter's own.
    expectError(
      await putJson({ usage: [{ code: code!.code, total_uses: 9 }] }, other.key.key),
      422,
      'validation_failed',
    );
    const mine = await usageReports(ctx, other.key.key);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ outcome: 'refused', group_id: null });
    expect((await codeNow(ctx, brand.key.key, code!.code)).total_uses).toBe(3);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await ctx.request(
        'GET',
        `/2026-07/usage-reports?group_id=${group.id}&limit=1${cursor ? `&starting_after=${cursor}` : ''}`,
        { key: brand.key.key },
      );
      const page = UsageReportPage.parse(expectStatus(res, 200));
      seen.push(...page.data.map((r) => r.uses_added));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([1, 1, 1]);
    const ids = (await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).map((r) => r.id);
    const events = await queryRows<{ resource_id: string; brand_id: string }>(
      ctx.db,
      sql`select resource_id, brand_id from events where type = 'usage_report.created' and resource_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(events.map((e) => e.brand_id)).toEqual(ids.map(() => brand.brand.id));
  });

  it('lets an agency narrow to one brand, and checks scopes and filters', async () => {
    const agency = await ctx.ops.agencyWithKey(2);
    const a = agency.brands[0]!;
    const b = agency.brands[1]!;
    const ga = await newGroup(ctx, a.id);
    const gb = await newGroup(ctx, b.id);
    const [ca] = await addCodes(ctx, agency.key.key, ga.id, [newCode()]);
    const [cb] = await addCodes(ctx, agency.key.key, gb.id, [newCode()]);
    expectStatus(
      await putJson(
        {
          usage: [
            { code: ca!.code, total_uses: 1 },
            { code: cb!.code, total_uses: 2 },
          ],
        },
        agency.key.key,
      ),
      200,
    );
    const both = await usageReports(ctx, agency.key.key, `brand_id=${a.id}`);
    expect(both).toHaveLength(1);
    expect(both[0]).toMatchObject({ group_id: null, uses_added: 3 });
    expect(await usageReports(ctx, agency.key.key, `brand_id=${b.id}`)).toHaveLength(1);
    expectError(
      await ctx.request('GET', `/2026-07/usage-reports?brand_id=${brand.brand.id}`, {
        key: agency.key.key,
      }),
      403,
      'brand_not_managed',
    );
    expectError(
      await ctx.request('GET', '/2026-07/usage-reports?channel=fax', { key: agency.key.key }),
      400,
      'invalid_request',
    );
    const readOnly = await ctx.ops.brandWithKey(['campaigns:read']);
    expectError(
      await ctx.request('GET', '/2026-07/usage-reports', { key: readOnly.key.key }),
      403,
      'missing_scope',
    );
  });
});

describe('intake addresses', () => {
  it('gives each group its own unguessable address and replaces it on rotate-intake', async () => {
    const g1 = await newGroup(ctx, brand.brand.id);
    const g2 = await newGroup(ctx, brand.brand.id);
    expect(g1.intake_address).toMatch(/^usage\+[0-9a-f]{32}@intake\.localhost$/);
    expect(g1.intake_address).not.toBe(g2.intake_address);
    const res = await ctx.request('POST', `/2026-07/code-groups/${g1.id}/rotate-intake`, {
      key: brand.key.key,
    });
    const rotated = CodeGroup.parse(expectStatus(res, 200));
    expect(rotated.id).toBe(g1.id);
    expect(rotated.intake_address).toMatch(/^usage\+[0-9a-f]{32}@intake\.localhost$/);
    expect(rotated.intake_address).not.toBe(g1.intake_address);

    const other = await ctx.ops.brandWithKey();
    expectError(
      await ctx.request('POST', `/2026-07/code-groups/${g1.id}/rotate-intake`, {
        key: other.key.key,
      }),
      404,
      'not_found',
    );
    const reader = await ctx.ops.brandWithKey(['codes:read']);
    expectError(
      await ctx.request('POST', `/2026-07/code-groups/${g1.id}/rotate-intake`, {
        key: reader.key.key,
      }),
      403,
      'missing_scope',
    );
    expectError(
      await ctx.request('POST', '/2026-07/code-groups/not-a-uuid/rotate-intake', {
        key: brand.key.key,
      }),
      400,
      'invalid_request',
    );
  });
});
