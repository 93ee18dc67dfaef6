import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CodeUsageUpdate,
  CodesAdd,
  MAX_CODES_PER_ADD,
  MAX_USAGE_ROWS,
  UsageReport,
  type UsageCsvRow,
  parseCodesCsv,
  parseUsageCsv,
  unknownCodeRefusal,
  usageAdded,
  usagePay,
  usageRefusal,
} from './codes.ts';
import { controlCharacterAt } from './csv.ts';

/** `text` reads as exactly `rows`, without an error, each of them a data row. */
function expectRows(text: string, rows: UsageCsvRow[]) {
  expect(parseUsageCsv(text)).toEqual({ rows, errors: [], dataRows: rows.length });
}

const GROUP = '0b9e8f3a-6c5d-4e7f-9a1b-2c3d4e5f6a7b';

describe('parseUsageCsv', () => {
  it('reads a plain LF file with 1-based file lines', () => {
    expectRows('code,total_uses\nSAVE10,3\nSAVE20,0\n', [
      { line: 2, code: 'SAVE10', total_uses: 3 },
      { line: 3, code: 'SAVE20', total_uses: 0 },
    ]);
  });

  it('reads CRLF line ends, with or without a final line end', () => {
    const { rows, errors } = parseUsageCsv('code,total_uses\r\nA,1\r\nB,2');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, code: 'A', total_uses: 1 },
      { line: 3, code: 'B', total_uses: 2 },
    ]);
  });

  it('ignores a UTF-8 byte order mark before the header', () => {
    expectRows('\uFEFFcode,total_uses\nA,1\n', [{ line: 2, code: 'A', total_uses: 1 }]);
  });

  it('takes the header in any case, with spaces, quoted, and in either column order', () => {
    expect(parseUsageCsv(' Code , TOTAL_USES \nA,1').rows).toEqual([
      { line: 2, code: 'A', total_uses: 1 },
    ]);
    expect(parseUsageCsv('"code","total_uses"\nA,1').rows).toEqual([
      { line: 2, code: 'A', total_uses: 1 },
    ]);
    expect(parseUsageCsv('total_uses,code\n7,A').rows).toEqual([
      { line: 2, code: 'A', total_uses: 7 },
    ]);
  });

  it('ignores extra columns named in the header', () => {
    expect(parseUsageCsv('code,total_uses,note\nA,1,"first, best"').rows).toEqual([
      { line: 2, code: 'A', total_uses: 1 },
    ]);
  });

  it('reads quoted fields, including commas, doubled quotes and line breaks, and keeps later line numbers right', () => {
    expectRows('code,total_uses,note\n"A","12","say ""hi"", then\nleave"\nB,3,x\n', [
      { line: 2, code: 'A', total_uses: 12 },
      { line: 4, code: 'B', total_uses: 3 },
    ]);
  });

  it('counts a CRLF inside a quoted field as one line end (Windows files)', () => {
    const text = 'code,total_uses,note\r\n"A",1,"two\r\nlines"\r\nB,x,y\r\n';
    const { rows, errors } = parseUsageCsv(text);
    expect(rows).toEqual([{ line: 2, code: 'A', total_uses: 1 }]);
    expect(errors.map((e) => e.line)).toEqual([4]);
  });

  it('reports a quoted value that is not a valid code', () => {
    const { rows, errors } = parseUsageCsv('code,total_uses\n"SAVE,10",1\n"say ""hi""",2\n');
    expect(rows).toEqual([]);
    expect(errors.map((e) => e.line)).toEqual([2, 3]);
    expect(parseUsageCsv('code,total_uses\n"SAVE,10",1\n\nB,2\n').dataRows).toBe(2);
    expect(errors[0]?.message).toContain('code "SAVE,10"');
    expect(errors[1]?.message).toContain('code "say "hi""');
  });

  it('skips empty and blank lines anywhere, counting them in line numbers', () => {
    expectRows('\n\ncode,total_uses\n\nA,1\n   \n,\r\nB,2\n\n', [
      { line: 5, code: 'A', total_uses: 1 },
      { line: 8, code: 'B', total_uses: 2 },
    ]);
  });

  it('refuses a line with a control character (not tab, CR or LF), naming its column and never echoing it', () => {
    const result = parseUsageCsv(
      'code,total_uses,note\nGLOW\u0000X,5,a\nB,2\u007f,b\nC,3,"x\u0085"\nD,4,"tab\there"\nE,5,\u0001\u0001,extra\n',
    );
    expect(result.rows).toEqual([{ line: 5, code: 'D', total_uses: 4 }]);
    expect(result.errors).toEqual([
      {
        line: 2,
        column: 'code',
        message: 'code must not contain control characters (found U+0000 at character 5)',
        scope: 'row',
      },
      { line: 3, column: 'total_uses', message: expect.stringContaining('U+007F'), scope: 'row' },
      { line: 4, column: 'note', message: expect.stringContaining('U+0085'), scope: 'row' },
      { line: 6, column: 'note', message: expect.stringContaining('U+0001'), scope: 'row' },
    ]);
    expect(result.dataRows).toBe(5);
    for (const e of result.errors) expect(controlCharacterAt(e.message)).toBe(-1);
    expect(parseUsageCsv('code,total_uses\u0000\nA,1\n').errors).toEqual([
      { line: 1, column: 'column 2', message: expect.stringContaining('U+0000'), scope: 'file' },
    ]);
  });

  it('reports a missing header on line 1', () => {
    expect(parseUsageCsv('A,1\nB,2')).toEqual({
      rows: [],
      errors: [
        { line: 1, message: 'the first line must be the header "code,total_uses"', scope: 'file' },
      ],
      dataRows: 0,
    });
  });

  it('reports a wrong header on line 1', () => {
    for (const header of [
      'code',
      'code,uses',
      'coupon,total_uses',
      'code,total_uses,code',
      'code;total_uses',
    ]) {
      const { rows, errors } = parseUsageCsv(`${header}\nA,1`);
      expect(rows).toEqual([]);
      expect(errors).toEqual([
        { line: 1, message: expect.stringContaining('header'), scope: 'file' },
      ]);
    }
  });

  it('reports an empty file and a header without rows', () => {
    expect(parseUsageCsv('').errors).toEqual([
      { line: 1, message: expect.stringContaining('empty'), scope: 'file' },
    ]);
    expect(parseUsageCsv('\uFEFF\r\n').errors).toEqual([
      { line: 1, message: expect.stringContaining('empty'), scope: 'file' },
    ]);
    expect(parseUsageCsv('code,total_uses\n').errors).toEqual([
      { line: 1, message: 'the file has no usage rows', scope: 'file' },
    ]);
  });

  it.each([
    ['-3', 'must not be negative'],
    ['- 3', 'must not be negative'],
    ['2.5', 'whole number'],
    ['3.0', 'whole number'],
    ['1e3', 'whole number'],
    ['ten', 'whole number'],
    ['0x10', 'whole number'],
    ['', 'empty'],
    ['1000000001', 'at most 1000000000'],
  ])('reports total_uses %j with its line', (uses, message) => {
    const { rows, errors } = parseUsageCsv(`code,total_uses\nOK,1\nBAD,${uses}\n`);
    expect(rows).toEqual([{ line: 2, code: 'OK', total_uses: 1 }]);
    expect(errors).toEqual([{ line: 3, message: expect.stringContaining(message), scope: 'row' }]);
  });

  it('accepts whole numbers with spaces around them and leading zeros', () => {
    expect(parseUsageCsv('code,total_uses\nA, 007 \nB,1000000000').rows).toEqual([
      { line: 2, code: 'A', total_uses: 7 },
      { line: 3, code: 'B', total_uses: 1_000_000_000 },
    ]);
  });

  it('reports an empty or malformed code', () => {
    const { errors } = parseUsageCsv(
      'code,total_uses\n,1\nhas space,1\nx'.concat('y'.repeat(64), ',1'),
    );
    expect(errors.map((e) => [e.line, e.message.slice(0, 6)])).toEqual([
      [2, 'code i'],
      [3, 'code "'],
      [4, 'code "'],
    ]);
  });

  it('reports a duplicate code on the later line, keeping the first', () => {
    const { rows, errors } = parseUsageCsv('code,total_uses\nA,1\nB,2\nA,5\n');
    expect(rows).toEqual([
      { line: 2, code: 'A', total_uses: 1 },
      { line: 3, code: 'B', total_uses: 2 },
    ]);
    expect(errors).toEqual([
      { line: 4, message: 'code "A" appears again (first on line 2)', scope: 'row' },
    ]);
  });

  it('reads codes in upper case, so save and SAVE are one code', () => {
    const { rows, errors } = parseUsageCsv('code,total_uses\nsave,1\nSAVE,2');
    expect(rows).toEqual([{ line: 2, code: 'SAVE', total_uses: 1 }]);
    expect(errors).toEqual([
      { line: 3, message: 'code "SAVE" appears again (first on line 2)', scope: 'row' },
    ]);
  });

  it('reports a row whose field count differs from the header, such as an unquoted 1,234', () => {
    const { rows, errors } = parseUsageCsv('code,total_uses\nA,1,234\nB\nC,"1,234"\n');
    expect(rows).toEqual([]);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(errors[0]?.message).toContain('expected 2 fields');
    expect(errors[2]?.message).toContain('whole number');
  });

  it('reports an unclosed quote and text after a closing quote', () => {
    expect(parseUsageCsv('code,total_uses\n"A"x,1\nB,2').errors).toEqual([
      { line: 2, message: 'unexpected text after a closing quote', scope: 'row' },
    ]);
    expect(parseUsageCsv('code,total_uses\nB,2\n"A,1\nC,3').errors).toEqual([
      { line: 3, message: 'a quoted field is not closed', scope: 'row' },
    ]);
  });

  it(`accepts ${MAX_USAGE_ROWS} rows and reports the first row over the limit`, () => {
    const lines = (n: number) =>
      ['code,total_uses', ...Array.from({ length: n }, (_, i) => `C${i},${i}`)].join('\n');
    const full = parseUsageCsv(lines(MAX_USAGE_ROWS));
    expect(full.errors).toEqual([]);
    expect(full.rows).toHaveLength(MAX_USAGE_ROWS);
    const over = parseUsageCsv(lines(MAX_USAGE_ROWS + 10));
    expect(over.errors).toEqual([
      {
        line: MAX_USAGE_ROWS + 2,
        message: `a report may hold at most ${MAX_USAGE_ROWS} rows`,
        scope: 'row',
      },
    ]);
    expect(over.rows).toHaveLength(MAX_USAGE_ROWS);
  });

  it('never throws, and every row it returns has a valid code and a non-negative whole number', () => {
    const csvish = fc.stringMatching(/^[\s\S]*$/);
    const structured = fc
      .tuple(
        fc.array(
          fc.tuple(
            fc.string(),
            fc.oneof(fc.integer().map(String), fc.string(), fc.double().map(String)),
          ),
          {
            maxLength: 30,
          },
        ),
        fc.constantFrom('\n', '\r\n'),
      )
      .map(([rows, eol]) => ['code,total_uses', ...rows.map(([c, u]) => `${c},${u}`)].join(eol));
    fc.assert(
      fc.property(fc.oneof(csvish, fc.string({ unit: 'binary' }), structured), (text) => {
        const { rows, errors } = parseUsageCsv(text);
        for (const row of rows) {
          expect(Number.isInteger(row.total_uses)).toBe(true);
          expect(row.total_uses).toBeGreaterThanOrEqual(0);
          expect(row.code).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(row.line).toBeGreaterThanOrEqual(2);
        }
        for (const error of errors) expect(error.line).toBeGreaterThanOrEqual(1);
        expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('code bodies', () => {
  it('CodesAdd takes 1 to 1000 distinct codes and names a repeated one', () => {
    expect(CodesAdd.parse({ group_id: GROUP, codes: ['A', 'B'] })).toEqual({
      group_id: GROUP,
      codes: ['A', 'B'],
    });
    expect(CodesAdd.safeParse({ group_id: GROUP, codes: [] }).success).toBe(false);
    const many = Array.from({ length: 1001 }, (_, i) => `C${i}`);
    expect(CodesAdd.safeParse({ group_id: GROUP, codes: many }).success).toBe(false);
    const repeated = CodesAdd.safeParse({ group_id: GROUP, codes: ['A', 'B', 'A'] });
    expect(repeated.error?.issues.map((i) => i.path)).toEqual([['codes', 2]]);
    expect(
      CodesAdd.safeParse({ group_id: GROUP, codes: ['no spaces'] }).error?.issues[0]?.path,
    ).toEqual(['codes', 0]);
  });

  it('UsageReport takes 1 to 5000 entries and refuses negative, fractional and repeated entries', () => {
    expect(UsageReport.parse({ usage: [{ code: 'A', total_uses: 3 }] })).toEqual({
      usage: [{ code: 'A', total_uses: 3 }],
    });
    expect(UsageReport.safeParse({ usage: [] }).success).toBe(false);
    const result = UsageReport.safeParse({
      usage: [
        { code: 'A', total_uses: -1 },
        { code: 'B', total_uses: 1.5 },
        { code: 'C', total_uses: '3' },
      ],
    });
    expect(result.error?.issues.map((i) => i.path)).toEqual([
      ['usage', 0, 'total_uses'],
      ['usage', 1, 'total_uses'],
      ['usage', 2, 'total_uses'],
    ]);
    const repeated = UsageReport.safeParse({
      usage: [
        { code: 'A', total_uses: 1 },
        { code: 'A', total_uses: 2 },
      ],
    });
    expect(repeated.error?.issues.map((i) => i.path)).toEqual([['usage', 1, 'code']]);
  });

  it('CodeUsageUpdate takes a bounded non-negative whole total', () => {
    expect(CodeUsageUpdate.parse({ total_uses: 0 })).toEqual({ total_uses: 0 });
    expect(CodeUsageUpdate.safeParse({ total_uses: 1e9 + 1 }).success).toBe(false);
    expect(CodeUsageUpdate.safeParse({ total_uses: 1, note: 'x' }).success).toBe(false);
  });
});

describe('parseCodesCsv', () => {
  it('reads one code per line, skipping blank lines, keeping repeats once', () => {
    expect(parseCodesCsv('\ufeffA-1\r\n\nB_2\nA-1\n')).toEqual({
      codes: [
        { line: 1, code: 'A-1' },
        { line: 3, code: 'B_2' },
      ],
      errors: [],
      repeated: ['A-1'],
      layout: 'lines',
    });
  });

  it('refuses, by line, what is not one code: spaces, accents, several values', () => {
    const { codes, errors } = parseCodesCsv('bad code with spaces\nÄÖÜ-CODE\nA,B\nOK-1\n');
    expect(codes).toEqual([{ line: 4, code: 'OK-1' }]);
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(errors[0]!.message).toMatch(/^"bad code with spaces" must be 1 to 64 letters/);
    expect(errors[1]!.message).toMatch(/without accents/);
    expect(errors[2]!.message).toMatch(/^2 values on one line: put one code per line/);
  });

  it('reads the code column under a header, quoted fields whole (a comma inside stays inside)', () => {
    const read = parseCodesCsv('offer,Code\n"10% off, summer",SUMMER10\n"free ""gift""",GIFT\n');
    expect(read).toEqual({
      codes: [
        { line: 2, code: 'SUMMER10' },
        { line: 3, code: 'GIFT' },
      ],
      errors: [],
      repeated: [],
      layout: 'column',
    });
  });

  it('refuses a row whose field count differs from the header, and an unclosed quote', () => {
    const read = parseCodesCsv('offer,code\n10% off, summer,SUMMER10\n"open,X\n');
    expect(read.codes).toEqual([]);
    expect(read.errors).toEqual([
      {
        line: 2,
        message: expect.stringMatching(/^expected 2 fields like the header, found 3/),
        scope: 'row',
      },
      { line: 3, message: 'a quoted field is not closed', scope: 'row' },
    ]);
  });

  it('says on which line the list grows past the limit of one request', () => {
    const text = Array.from({ length: MAX_CODES_PER_ADD + 2 }, (_, i) => `C${i}`).join('\n');
    expect(parseCodesCsv(text).errors).toEqual([
      {
        line: MAX_CODES_PER_ADD + 1,
        message: `at most ${MAX_CODES_PER_ADD} codes can be added at once`,
        scope: 'row',
      },
    ]);
  });

  it('takes exactly the most codes one request may add', () => {
    const text = Array.from({ length: MAX_CODES_PER_ADD }, (_, i) => `C${i}`).join('\n');
    const read = parseCodesCsv(text);
    expect(read.errors).toEqual([]);
    expect(read.codes).toHaveLength(MAX_CODES_PER_ADD);
  });
});

describe('the payout rule', () => {
  const basis = { current: 4, reported: 7, commissionCents: 150, assigned: true };

  it('pays the assigned creator the commission for each new use', () => {
    expect(usageAdded(basis)).toBe(3);
    expect(usagePay(basis)).toBe(450);
    expect(usagePay({ ...basis, assigned: false })).toBe(0);
    expect(usagePay({ ...basis, reported: 4 })).toBe(0);
  });

  it('refuses a total lower than the stored one, and only that', () => {
    expect(usageRefusal(4, 4, 'GLOW')).toBeNull();
    expect(usageRefusal(4, 3, 'GLOW')).toBe(
      'code "GLOW" already has 4 uses reported; reported usage never decreases (got 3)',
    );
    expect(unknownCodeRefusal('NOPE')).toBe('no code "NOPE" exists');
    expect(unknownCodeRefusal('NOPE', true)).toBe('no code "NOPE" exists in this group');
  });
});
