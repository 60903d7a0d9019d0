import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/lib/csv/write.ts';

describe('RFC 4180 CSV', () => {
  it('leaves plain fields alone', () => {
    expect(csvField('Husky Mobile')).toBe('Husky Mobile');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks and doubles inner quotes', () => {
    expect(csvField('Fan plan, single line')).toBe('"Fan plan, single line"');
    expect(csvField('the "best" plan')).toBe('"the ""best"" plan"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('writes a header and rows with CRLF line breaks and a final CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          ['2', ''],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });

  it('refuses a row whose length differs from the header', () => {
    expect(() => toCsv(['a', 'b'], [['1']])).toThrow(/row 1 has 1 fields/);
  });
});
