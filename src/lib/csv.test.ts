import { describe, expect, it } from 'vitest';
import { parseUsageCsv } from '#contract/codes';
import { csvField, fileSlug, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('defuses text a spreadsheet would run as a formula, but writes numbers as numbers', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('ends every row with CRLF and reads back with an RFC 4180 parser', () => {
    const text = toCsv([
      ['code', 'total_uses'],
      ['A,1', 3],
      ['B"2', 4],
    ]);
    expect(text).toBe('code,total_uses\r\n"A,1",3\r\n"B""2",4\r\n');
    // The contract's parser (RFC 4180) reads the quoted fields back as they were written.
    const parsed = parseUsageCsv(
      toCsv([
        ['code', 'total_uses'],
        ['OK-1', 7],
      ]),
    );
    expect(parsed).toEqual({
      rows: [{ line: 2, code: 'OK-1', total_uses: 7 }],
      errors: [],
      dataRows: 1,
    });
  });

  it('makes file names from free text', () => {
    expect(fileSlug('Spring Launch! Été 2026')).toBe('spring-launch-ete-2026');
    expect(fileSlug('***')).toBe('export');
  });
});
