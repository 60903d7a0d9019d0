import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/lib/csv/write.ts';

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

  it.each([
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['Pat =1', 'Pat =1'],
  ])('defuses %j by default', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves numbers alone and writes formulas as typed when raw', () => {
    expect(csvField(-1)).toBe('-1');
    expect(csvField('=1+1', { raw: true })).toBe('=1+1');
    expect(toCsv(['a'], [['@x']], { raw: true })).toBe('a\r\n@x\r\n');
    expect(toCsv(['a'], [['@x']])).toBe("a\r\n'@x\r\n");
  });
});
