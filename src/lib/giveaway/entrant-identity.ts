/**
 * Who an entrant is, for deciding duplicates: the email key of the shared entry rules and the
 * phone number as the phone library reads it. Server side only (local API, migrations): the
 * phone library's metadata stays out of the browser, where the form only checks digits.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { digitsOnly, normaliseEmail } from './entry-rules.ts';

export interface EntrantKeys {
  email: string;
  phone: string;
}

/**
 * The phone as an identity key. North American numbers (calling code 1) become their 10-digit
 * national number whether typed bare, with the trunk 1, or with the international prefix
 * (011 from the US, 00 elsewhere); other countries become +<code><number>; digits the library
 * cannot read as a possible number stay as they are.
 */
export function phoneKey(phone: string): string {
  const digits = digitsOnly(phone);
  const candidates = [parsePhoneNumberFromString(digits, 'US')];
  // 00 is the ITU international prefix; the US default only knows its own (011).
  if (digits.startsWith('00')) candidates.push(parsePhoneNumberFromString(`+${digits.slice(2)}`));
  const number = candidates.find((candidate) => candidate?.isPossible());
  if (number === undefined) return digits;
  return number.countryCallingCode === '1'
    ? number.nationalNumber
    : `+${number.countryCallingCode}${number.nationalNumber}`;
}

export function entrantKeys(entry: { email: string; phone: string }): EntrantKeys {
  return { email: normaliseEmail(entry.email), phone: phoneKey(entry.phone) };
}
