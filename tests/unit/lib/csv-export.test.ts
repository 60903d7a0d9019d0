import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/lib/csv.ts';

describe('RFC 4180 CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
    [null, ''],
    [42, '42'],
  ])('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('ends every record with CRLF, header first', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('optionally defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")', true)).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1', true)).toBe("'-1");
    expect(csvField('=1+1')).toBe('=1+1');
  });
});
