import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  normaliseEmail,
  US_STATES,
  validateEntry,
  type EntryFormInput,
} from '../../../src/lib/giveaway/entry-rules.ts';

const VALID: EntryFormInput = {
  name: 'Pat Fan',
  email: 'pat@example.com',
  state: 'WA',
  phone: '2065550100',
  agree: true,
};

const withField = (field: keyof EntryFormInput, value: unknown) =>
  validateEntry({ ...VALID, [field]: value });

describe('validateEntry', () => {
  it('accepts a complete form', () => {
    expect(validateEntry(VALID)).toEqual({ valid: true, errors: {} });
  });

  it('reports every field of an empty form as required', () => {
    expect(validateEntry({})).toEqual({
      valid: false,
      errors: {
        name: 'required',
        email: 'required',
        state: 'required',
        phone: 'required',
        agree: 'required',
      },
    });
  });

  describe('name', () => {
    it.each([
      ['', 'required'],
      ['   ', 'required'],
      [42, 'required'],
      ['x'.repeat(257), 'tooLong'],
      ['\u200b\u200b\u200b', 'invalid'],
      ['\u200b \u2060\ufeff\u200d', 'invalid'],
      ['123 456', 'invalid'],
      ['!!!', 'invalid'],
      ['Pat\u0000Fan', 'invalid'],
      ['Pat\u0007', 'invalid'],
      ['Pat\u009bFan', 'invalid'],
      ['\u202eFan Pat', 'invalid'],
      ['Pat \u2066Fan\u2069', 'invalid'],
      ['Pat\u200fFan', 'invalid'],
    ])('%j → %s', (name, code) => {
      expect(withField('name', name).errors).toEqual({ name: code });
    });
    it('accepts 1 and 256 characters, any script, and marks between letters', () => {
      expect(withField('name', 'x').valid).toBe(true);
      expect(withField('name', 'x'.repeat(256)).valid).toBe(true);
      for (const name of ["Zoë O'Brien-Núñez", '李小龍', 'محمد علي', 'Ｐａｔ', 'J. R. 2nd'])
        expect(withField('name', name).valid, name).toBe(true);
    });
    it('property: valid exactly when the trimmed name has 1..256 characters, a letter, and no control or bidi character', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (name) => {
          const trimmed = name.trim();
          const visible = trimmed
            .normalize('NFKC')
            .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '');
          const expected =
            trimmed.length >= 1 &&
            trimmed.length <= 256 &&
            /\p{L}/u.test(visible) &&
            !/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(trimmed);
          expect(withField('name', name).valid).toBe(expected);
        }),
        { numRuns: 1000 },
      );
    });
  });

  describe('email', () => {
    it.each([
      ['', 'required'],
      ['pat', 'invalid'],
      ['pat@example', 'invalid'],
      ['@example.com', 'invalid'],
      ['pat@.com', 'invalid'],
      ['pat@a.b.c', 'valid'],
      ['pat @example.com', 'invalid'],
      ['pat@example.', 'invalid'],
      ['pat@example.com', 'valid'],
      [' Pat@Example.COM ', 'valid'],
      ['a@b.c', 'valid'],
      ['ｐａｔ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'valid'],
      ['pat@example.com.', 'valid'],
      ['pat\u200b@example.com', 'valid'],
      ['pat\u0000@example.com', 'invalid'],
      ['pat@\u202eexample.com', 'invalid'],
    ])('%j', (email, expected) => {
      const { errors } = withField('email', email);
      if (expected === 'valid') expect(errors.email).toBeUndefined();
      else expect(errors.email).toBe(expected);
    });
    it('allows 256 characters and refuses 257', () => {
      const at256 = `${'a'.repeat(256 - '@example.com'.length)}@example.com`;
      expect(at256).toHaveLength(256);
      expect(withField('email', at256).valid).toBe(true);
      expect(withField('email', `a${at256}`).errors).toEqual({ email: 'tooLong' });
    });
    it('property: local@domain.tld with no spaces is valid; without the dot part it is not', () => {
      const part = fc.stringMatching(/^[a-z0-9_+-]{1,20}$/);
      fc.assert(
        fc.property(part, part, part, (local, domain, tld) => {
          expect(withField('email', `${local}@${domain}.${tld}`).valid).toBe(true);
          expect(withField('email', `${local}@${domain}`).errors.email).toBe('invalid');
          expect(withField('email', `${local}${domain}.${tld}`).errors.email).toBe('invalid');
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('state', () => {
    it('lists the 50 states and DC, alphabetical by name, unique two-letter codes', () => {
      expect(US_STATES).toHaveLength(51);
      const names = US_STATES.map((s) => s.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
      expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
      expect(US_STATES).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    });
    it.each(US_STATES.map((s) => s.code))('accepts %s', (code) => {
      expect(withField('state', code).valid).toBe(true);
    });
    it.each([
      ['', 'required'],
      [undefined, 'required'],
      ['wa', 'invalid'],
      ['PR', 'invalid'],
      ['XX', 'invalid'],
      ['Washington', 'invalid'],
    ])('%j → %s', (state, code) => {
      expect(withField('state', state).errors).toEqual({ state: code });
    });
  });

  describe('phone', () => {
    it.each([
      ['123456789', 'invalid'],
      ['1234567890', undefined],
      ['123456789012345', undefined],
      ['1234567890123456', 'tooLong'],
      ['', 'required'],
      ['206-555-0100', 'invalid'],
      ['(206) 5550100', 'invalid'],
      ['+12065550100', 'invalid'],
      ['２０６５５５０１００', 'invalid'],
      [2065550100, 'required'],
    ])('%j → %s', (phone, code) => {
      expect(withField('phone', phone).errors.phone).toBe(code);
    });
    it('property: a digit string is valid exactly when it has 10..15 digits', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9]{1,20}$/), (phone) => {
          expect(withField('phone', phone).valid).toBe(phone.length >= 10 && phone.length <= 15);
        }),
        { numRuns: 500 },
      );
    });
  });

  describe('agree', () => {
    it.each([false, 'true', 1, undefined, null])('%j is not agreement', (agree) => {
      expect(withField('agree', agree).errors).toEqual({ agree: 'required' });
    });
  });

  it('property: never throws and valid ⇔ no errors, for any input', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            name: fc.anything(),
            email: fc.anything(),
            state: fc.anything(),
            phone: fc.anything(),
            agree: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        (form) => {
          const result = validateEntry(form);
          expect(result.valid).toBe(Object.keys(result.errors).length === 0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('helpers', () => {
  it('digitsOnly keeps ASCII digits', () => {
    expect(digitsOnly('(206) 555-0100')).toBe('2065550100');
    expect(digitsOnly('+1 ２０６')).toBe('1');
    expect(digitsOnly('')).toBe('');
  });
  it('normaliseEmail trims and lower-cases', () => {
    expect(normaliseEmail('  Pat@Example.COM \n')).toBe('pat@example.com');
  });
  it('normaliseEmail folds full-width forms, drops zero-width and bidi characters and the trailing dot', () => {
    for (const variant of [
      'ｐａｔ＠ｅｘａｍｐｌｅ．ｃｏｍ',
      'pat\u200b@example.com',
      'pat@example.com.',
      '\u200epat@exa\u2060mple.com',
      'PAT@EXAMPLE.COM',
    ]) {
      expect(normaliseEmail(variant), JSON.stringify(variant)).toBe('pat@example.com');
    }
  });
});
