import { describe, expect, it } from 'vitest';
import {
  COVERED_ZIPS,
  coverageFor,
  coverageMessage,
  eligibilityPath,
  esimCompatibilityFor,
  esimMessage,
  imeiError,
  zipError,
} from '../../../src/lib/coverage/checks.ts';

describe('zip rule: required, exactly 5 digits (docs/behaviour.md §5)', () => {
  it('accepts exactly 5 digits, ignoring surrounding spaces', () => {
    expect(zipError('90210')).toBeNull();
    expect(zipError('00000')).toBeNull();
    expect(zipError(' 12345 ')).toBeNull();
  });
  it('requires a value', () => {
    expect(zipError('')).toBe('Please enter your ZIP code.');
    expect(zipError('   ')).toBe('Please enter your ZIP code.');
  });
  it('rejects 4 and 6 digits with the length in the message', () => {
    expect(zipError('1234')).toMatch(/exactly 5 digits \(you entered 4\)/);
    expect(zipError('123456')).toMatch(/exactly 5 digits \(you entered 6\)/);
  });
  it('rejects letters, signs and inner spaces as not digits', () => {
    for (const value of ['abcde', '9021a', '-9021', '902 10', '９０２１０'])
      expect(zipError(value)).toMatch(/digits only/);
  });
});

describe('IMEI rule: required, exactly 15 digits (docs/behaviour.md §5)', () => {
  it('accepts exactly 15 digits', () => {
    expect(imeiError('490154203237518')).toBeNull();
  });
  it('requires a value', () => {
    expect(imeiError('')).toBe('Please enter your IMEI.');
  });
  it('rejects 14 and 16 digits', () => {
    expect(imeiError('49015420323751')).toMatch(/exactly 15 digits \(you entered 14\)/);
    expect(imeiError('4901542032375181')).toMatch(/exactly 15 digits \(you entered 16\)/);
  });
  it('rejects non-digits', () => {
    expect(imeiError('49015420323751X')).toMatch(/digits only/);
    expect(imeiError('35-209900-176148')).toMatch(/digits only/);
  });
});

describe('placeholder coverage decision (docs/behaviour.md §4, §5)', () => {
  it('is available only for the four test zips', () => {
    expect([...COVERED_ZIPS].sort()).toEqual(['10001', '30301', '60601', '90210']);
    for (const zip of COVERED_ZIPS) expect(coverageFor(zip)).toBe('available');
  });
  it('is unavailable for any other valid zip, including neighbours of the test zips', () => {
    for (const zip of ['12345', '90211', '90209', '10000', '00000'])
      expect(coverageFor(zip)).toBe('unavailable');
  });
  it('is unknown for invalid input', () => {
    for (const zip of ['', '9021', '902100', 'abcde']) expect(coverageFor(zip)).toBe('unknown');
  });
  it('says which zip was checked', () => {
    expect(coverageMessage('available', '90210', 'Husky Mobile')).toMatchObject({
      tone: 'positive',
      title: expect.stringContaining('90210') as string,
    });
    expect(coverageMessage('unavailable', '12345', 'Husky Mobile')).toMatchObject({
      tone: 'negative',
      title: expect.stringContaining('not available in 12345') as string,
    });
    expect(coverageMessage('unknown', '1', 'Husky Mobile').tone).toBe('neutral');
  });
});

describe('placeholder eSIM decision (docs/behaviour.md §4, §5)', () => {
  it('is incompatible when the IMEI starts with 35', () => {
    expect(esimCompatibilityFor('352099001761481')).toBe('incompatible');
    expect(esimCompatibilityFor('350000000000000')).toBe('incompatible');
  });
  it('is compatible for any other 15-digit IMEI, including ones with 35 later on', () => {
    expect(esimCompatibilityFor('490154203237518')).toBe('compatible');
    expect(esimCompatibilityFor('335000000000000')).toBe('compatible');
    expect(esimCompatibilityFor('534000000000000')).toBe('compatible');
  });
  it('is unknown for invalid input, even when it starts with 35', () => {
    expect(esimCompatibilityFor('35209900176148')).toBe('unknown');
    expect(esimCompatibilityFor('')).toBe('unknown');
  });
  it('has a message per result', () => {
    expect(esimMessage('compatible').tone).toBe('positive');
    expect(esimMessage('incompatible').tone).toBe('negative');
    expect(esimMessage('unknown').tone).toBe('neutral');
  });
});

describe('order-service path (docs/behaviour.md §7)', () => {
  it('is the relative eligibility path for the zip', () => {
    expect(eligibilityPath(' 90210 ')).toBe('/mobileapi/zipcode/90210/eligibility');
  });
});
