import { describe, expect, it } from 'vitest';
import { controlCharacterAt, csvRecords } from './csv.ts';

const read = (text: string) => [...csvRecords(text)];

describe('csvRecords (RFC 4180)', () => {
  it('reads fields, quoted ones with commas and doubled quotes, on any line ending', () => {
    expect(read('code,total_uses\r\n"10% off, ""summer""",3\nB,4\rC,5')).toEqual([
      { line: 1, fields: ['code', 'total_uses'], quoted: [false, false], error: undefined },
      {
        line: 2,
        fields: ['10% off, "summer"', '3'],
        quoted: [true, false],
        error: undefined,
      },
      { line: 3, fields: ['B', '4'], quoted: [false, false], error: undefined },
      { line: 4, fields: ['C', '5'], quoted: [false, false], error: undefined },
    ]);
  });

  it('keeps the file line of each record when a quoted field spans lines', () => {
    const records = read('a,"one\r\ntwo"\nb,c\n');
    expect(records.map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'one\ntwo']],
      [3, ['b', 'c']],
    ]);
  });

  it('trims unquoted fields and spaces around quotes, and reads an empty line as one empty field', () => {
    expect(read('  A , "B"  \n\n').map((r) => r.fields)).toEqual([['A', 'B'], ['']]);
  });

  it('marks a record it cannot read and goes on', () => {
    expect(read('"open,1').map((r) => r.error)).toEqual(['a quoted field is not closed']);
    const records = read('"A"x,1\nB,2');
    expect(records.map((r) => [r.line, r.error])).toEqual([
      [1, 'unexpected text after a closing quote'],
      [2, undefined],
    ]);
  });
});

describe('controlCharacterAt', () => {
  it('finds a control character but tab, CR and LF', () => {
    expect(controlCharacterAt('a\tb\r\nc')).toBe(-1);
    expect(controlCharacterAt('ab\u0000')).toBe(2);
    expect(controlCharacterAt('\u007f')).toBe(0);
    expect(controlCharacterAt('x\u0085')).toBe(1);
  });
});
