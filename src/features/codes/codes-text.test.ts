import { describe, expect, it } from 'vitest';
import { readCodesText } from './codes-text';

describe('reading codes to add', () => {
  it('takes one code per line and says so', () => {
    expect(readCodesText('A-1\nB_2\r\nA-1\n')).toEqual({
      codes: ['A-1', 'B_2'],
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
});
