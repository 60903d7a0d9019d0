import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entrantKeys, phoneKey } from '../../../src/lib/giveaway/entrant-identity.ts';
import {
  identityText,
  normaliseEmail,
  validateEntry,
} from '../../../src/lib/giveaway/entry-rules.ts';

describe('phone identity key', () => {
  it.each([
    '2065550123',
    '12065550123',
    '+1 206-555-0123',
    '0012065550123',
    '01112065550123',
    '1 (206) 555 0123',
  ])('%j is the US number 2065550123', (phone) => expect(phoneKey(phone)).toBe('2065550123'));
  it('keeps other countries apart from US numbers, with their calling code', () => {
    expect(phoneKey('00442071838750')).toBe('+442071838750');
    expect(phoneKey('011442071838750')).toBe('+442071838750');
    expect(phoneKey('2071838750')).not.toBe(phoneKey('00442071838750'));
  });
  it('keeps digits the library cannot read as a number as they are', () => {
    expect(phoneKey('123456789012345')).toBe('123456789012345');
  });
});

/* Variants a person could type for the same identity. */
const tenDigits = fc.stringMatching(/^[2-9][0-8][0-9][2-9][0-9]{6}$/);
const usVariant = (national: string) =>
  fc.constantFrom(national, `1${national}`, `001${national}`, `0111${national}`, `+1${national}`);
const zeroWidth = fc.constantFrom(
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u200e',
  '\u200f',
);
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
const emailVariant = (email: string) =>
  fc
    .tuple(fc.constantFrom('plain', 'upper', 'full', 'dot', 'zw'), zeroWidth, fc.nat(email.length))
    .map(([how, mark, at]) => {
      if (how === 'upper') return email.toUpperCase();
      if (how === 'full') return fullWidth(email);
      if (how === 'dot') return `${email}.`;
      if (how === 'zw') return email.slice(0, at) + mark + email.slice(at);
      return email;
    });
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    fc.constantFrom('com', 'org', 'edu', 'co.uk'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

describe('identity normalisation: properties', () => {
  it('every US phone variant has the same key, and it is the 10-digit national number', () => {
    fc.assert(
      fc.property(
        tenDigits.chain((n) => fc.tuple(fc.constant(n), usVariant(n), usVariant(n))),
        ([national, a, b]) => {
          expect(phoneKey(a)).toBe(national);
          expect(phoneKey(b)).toBe(phoneKey(a));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('every email variant (case, full-width, zero-width, bidi mark, trailing dot) has the same key', () => {
    fc.assert(
      fc.property(
        email.chain((e) => fc.tuple(fc.constant(e), emailVariant(e), emailVariant(e))),
        ([plain, a, b]) => {
          expect(normaliseEmail(a)).toBe(plain);
          expect(entrantKeys({ email: b, phone: '2065550123' }).email).toBe(normaliseEmail(a));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('normalising is idempotent and leaves no zero-width or bidi character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const once = identityText(text);
        expect(identityText(once)).toBe(once);
        expect(once).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/);
        expect(normaliseEmail(normaliseEmail(text))).toBe(normaliseEmail(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('the key of an accepted email is itself an accepted email', () => {
    fc.assert(
      fc.property(fc.oneof(email.chain(emailVariant), fc.string({ maxLength: 40 })), (typed) => {
        const form = { name: 'Pat', email: typed, state: 'WA', phone: '2065550123', agree: true };
        if (validateEntry(form).valid)
          expect(validateEntry({ ...form, email: normaliseEmail(typed) }).valid).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
