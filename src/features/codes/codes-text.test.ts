import { describe, expect, it } from 'vitest';
import { problemsNamedIn, readCodesText } from './codes-text';

describe('reading codes to add', () => {
  it('takes one code per line and says so', () => {
    expect(readCodesText('A-1\nB_2\r\nA-1\n')).toEqual({
      codes: ['A-1', 'B_2'],
      lines: [1, 2],
      problems: [],
      repeated: ['A-1'],
      reading: 'Read as one code per line.',
    });
  });

  it('reads the code column of a CSV, a quoted comma staying inside its field', () => {
    const read = readCodesText('\ufeffoffer,code\n"10% off, summer",SUMMER10\n');
    expect(read.codes).toEqual(['SUMMER10']);
    expect(read.reading).toMatch(/the “code” column/);
  });

  it('names each bad line by number instead of splitting it into guesses', () => {
    const read = readCodesText('OK-1\nbad code with spaces\nÄÖÜ-CODE\n');
    expect(read.codes).toEqual(['OK-1']);
    expect(read.problems).toEqual([
      expect.stringMatching(/^Line 2: "bad code with spaces" must be/),
      expect.stringMatching(/^Line 3: "ÄÖÜ-CODE" must be/),
    ]);
  });

  it('names the codes a refusal names by the lines the person sees, not the list sent', () => {
    // A header line and a blank line come before the codes: codes[1] is on line 4.
    const read = readCodesText('code,offer\nA-1,x\n\nB-2,y\n');
    expect(read.lines).toEqual([2, 4]);
    expect(
      problemsNamedIn(
        [
          { field: 'codes[1]', message: '"B-2" already exists' },
          { field: 'group_id', message: 'is not a group of yours' },
          { field: 'codes[7]', message: 'out of range' },
        ],
        read,
      ),
    ).toEqual(['Line 4: "B-2" already exists']);
  });
});
