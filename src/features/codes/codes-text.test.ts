import { describe, expect, it } from 'vitest';
import { readCodesText } from './codes-text';

describe('codes from pasted text or a file', () => {
  it('reads codes one per line or separated by commas, semicolons or spaces, once each', () => {
    expect(readCodesText('A-1\nB_2, C3;D4  E5\r\nA-1\n')).toEqual({
      codes: ['A-1', 'B_2', 'C3', 'D4', 'E5'],
      problems: [],
      repeated: ['A-1'],
    });
  });

  it('takes only the code column of a CSV with a header', () => {
    expect(readCodesText('\ufeffname,code\nAnna,GLOW-ANNA\n"Ben","GLOW-BEN"\n').codes).toEqual([
      'GLOW-ANNA',
      'GLOW-BEN',
    ]);
  });

  it('names every value that is not a code', () => {
    const read = readCodesText('OK-1\nno!pe\n' + 'x'.repeat(65));
    expect(read.codes).toEqual(['OK-1']);
    expect(read.problems).toEqual([
      '"no!pe": must be 1 to 64 letters, digits, - or _',
      `"${'x'.repeat(40)}": must be 1 to 64 letters, digits, - or _`,
    ]);
  });
});
