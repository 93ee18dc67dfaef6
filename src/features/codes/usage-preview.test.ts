import { describe, expect, it } from 'vitest';
import type { CodeGroup, DiscountCode } from '#contract/codes';
import { previewUsage, rowsNamedIn, usageBatches } from './usage-preview';

const GROUP: CodeGroup = {
  id: '00000000-0000-4000-8000-0000000000a1',
  brand_id: '11111111-1111-4111-8111-111111111111',
  name: 'Glow Lab creator codes',
  user_description: '15% off',
  commission_cents: 150,
  codes_count: 3,
  intake_address: 'usage+0123456789abcdef0123456789abcdef@intake.localhost',
  created_at: '2026-07-01T00:00:00.000Z',
};

const code = (
  name: string,
  totalUses: number,
  assigned = true,
  groupId = GROUP.id,
): DiscountCode => ({
  code: name,
  group_id: groupId,
  user_description: '15% off',
  total_uses: totalUses,
  assigned_creator_id: assigned ? `creator_${name}` : null,
  assigned_campaign_id: assigned ? '00000000-0000-4000-8000-0000000000c1' : null,
  earnings_cents: totalUses * 150,
  last_reported_at: null,
  created_at: '2026-07-01T00:00:00.000Z',
});

const known = new Map(
  [
    code('GLOW-ANNA', 10),
    code('GLOW-BEN', 4),
    code('GLOW-SPARE1', 0, false),
    code('NORTH-X', 1, true, 'other'),
  ].map((c) => [c.code, c]),
);

describe('usage preview', () => {
  it('marks a decrease, an unknown code, a bad number and another brand’s code, and prices the rest', () => {
    const preview = previewUsage(
      'code,total_uses\r\nGLOW-ANNA,12\nGLOW-BEN,3\nGLOW-NOPE,5\nGLOW-SPARE1,2\nGLOW-X,abc\nNORTH-X,9\nGLOW-ANNA,14\n',
      known,
      [GROUP],
    );
    expect(preview.fileError).toBeNull();
    const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({
      code: 'GLOW-ANNA',
      newUses: 2,
      earningsCents: 300,
      problems: [],
    });
    expect(byLine[3]!.problems).toEqual([
      'code "GLOW-BEN" already has 4 uses reported; reported usage never decreases (got 3)',
    ]);
    expect(byLine[4]!.problems).toEqual(['no code "GLOW-NOPE" exists']);
    // Unassigned: its uses count, but nobody is paid.
    expect(byLine[5]).toMatchObject({ newUses: 2, earningsCents: 0, problems: [] });
    expect(byLine[6]!.problems[0]).toMatch(/total_uses must be a whole number/);
    expect(byLine[6]!.text).toBe('GLOW-X,abc');
    expect(byLine[7]!.problems).toEqual(['code "NORTH-X" belongs to another brand\'s group']);
    expect(byLine[8]!.problems[0]).toMatch(/appears again \(first on line 2\)/);
    expect(preview.refused).toBe(5);
    expect(preview.usage).toEqual([
      { code: 'GLOW-ANNA', total_uses: 12 },
      { code: 'GLOW-SPARE1', total_uses: 2 },
    ]);
    expect(preview.newUses).toBe(4);
    expect(preview.earningsCents).toBe(300);
  });

  it('accepts an unchanged total (nothing new) and refuses a file without its header', () => {
    const same = previewUsage('code,total_uses\nGLOW-BEN,4\n', known, [GROUP]);
    expect(same.refused).toBe(0);
    expect(same.rows[0]).toMatchObject({ newUses: 0, earningsCents: 0 });
    const headless = previewUsage('GLOW-BEN,4\n', known, [GROUP]);
    expect(headless.fileError).toMatch(/header "code,total_uses"/);
    expect(previewUsage('code,total_uses\n', known, [GROUP]).fileError).toMatch(/no usage rows/);
  });

  it('finds the rows a refusal names in its issues, and none when it names none', () => {
    const batch = [
      { code: 'GLOW-ANNA', total_uses: 1 },
      { code: 'GLOW-BEN', total_uses: 1 },
      { code: 'GLOW-BEN2', total_uses: 1 },
    ];
    const named = rowsNamedIn(
      [
        { field: 'usage[1].total_uses', message: 'never decreases' },
        { field: 'usage[2].code', message: 'no code "GLOW-BEN2" exists' },
        { field: 'usage[9].code', message: 'outside the batch' },
      ],
      batch,
    );
    expect([...named]).toEqual([
      [1, 'never decreases'],
      [2, 'no code "GLOW-BEN2" exists'],
    ]);
    expect(rowsNamedIn([{ field: 'body', message: 'something else went wrong' }], batch).size).toBe(
      0,
    );
  });

  it('sends large reports in batches, in order', () => {
    const usage = Array.from({ length: 1201 }, (_, i) => ({ code: `C${i}`, total_uses: i }));
    const batches = usageBatches(usage);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 201]);
    expect(batches.flat()).toEqual(usage);
  });
});
