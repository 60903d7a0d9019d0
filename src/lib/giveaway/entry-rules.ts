/**
 * Giveaway entry rules (docs/behaviour.md §5, §9), shared by the entry form island and the local API.
 * Pure and dependency-free: this file is bundled into the browser.
 */

export const NAME_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 256;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export type EntryField = 'name' | 'email' | 'state' | 'phone' | 'agree';
export type EntryErrorCode = 'required' | 'tooLong' | 'invalid';
export type EntryErrors = Partial<Record<EntryField, EntryErrorCode>>;

/** The giveaway form (docs/behaviour.md §3 "Form entity"). Values are `unknown` so untrusted input can be checked as-is. */
export interface EntryFormInput {
  name?: unknown;
  email?: unknown;
  state?: unknown;
  phone?: unknown;
  agree?: unknown;
}

export interface EntryValidation {
  valid: boolean;
  errors: EntryErrors;
}

export interface UsState {
  code: string;
  name: string;
}

/** The 50 states plus the District of Columbia, alphabetical by name. */
export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

/** Keeps the ASCII digits 0-9 of a text ("(555) 123-4567" → "5551234567"). */
export function digitsOnly(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/* Identity text: what a person would read as the same text is the same key. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** Bidirectional controls: marks, embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Control characters (C0 with NUL, DEL, C1) or bidi controls: refused in names and emails. */
const FORBIDDEN = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Unicode NFKC (full-width and compatibility forms folded), zero-width and bidi controls removed, trimmed. */
export function identityText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(BIDI_CONTROL, '').trim();
}

/** The email as an identity key: identity text, lower case, the domain's trailing dot removed. */
export function normaliseEmail(email: string): string {
  return identityText(email).toLowerCase().replace(/\.+$/, '');
}

export function isStateCode(value: unknown): boolean {
  return typeof value === 'string' && STATE_CODES.has(value);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A name has at least one letter once invisible characters are gone, and no control or bidi character. */
function checkName(value: unknown): EntryErrorCode | undefined {
  const name = textOf(value);
  if (name === '') return 'required';
  if (name.length > NAME_MAX_LENGTH) return 'tooLong';
  if (FORBIDDEN.test(name) || !/\p{L}/u.test(identityText(name))) return 'invalid';
  return undefined;
}

/** The pattern is checked on the identity key, so the key of an accepted email is itself a valid email. */
function checkEmail(value: unknown): EntryErrorCode | undefined {
  const email = textOf(value);
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
  if (FORBIDDEN.test(email) || !EMAIL_PATTERN.test(normaliseEmail(email))) return 'invalid';
  return undefined;
}

function checkState(value: unknown): EntryErrorCode | undefined {
  if (textOf(value) === '') return 'required';
  return isStateCode(value) ? undefined : 'invalid';
}

function checkPhone(value: unknown): EntryErrorCode | undefined {
  const phone = textOf(value);
  if (phone === '') return 'required';
  if (!/^[0-9]+$/.test(phone)) return 'invalid';
  if (phone.length < PHONE_MIN_DIGITS) return 'invalid';
  if (phone.length > PHONE_MAX_DIGITS) return 'tooLong';
  return undefined;
}

function checkAgree(value: unknown): EntryErrorCode | undefined {
  return value === true ? undefined : 'required';
}

/**
 * Checks a giveaway form. Name and email are judged without surrounding whitespace; a name
 * needs a letter, and neither may hold control or bidi characters;
 * the phone must be 10 to 15 ASCII digits and nothing else; the state must be one of
 * `US_STATES` codes (upper case); `agree` must be exactly `true`.
 */
export function validateEntry(form: EntryFormInput): EntryValidation {
  const errors: EntryErrors = {};
  const checks: [EntryField, EntryErrorCode | undefined][] = [
    ['name', checkName(form.name)],
    ['email', checkEmail(form.email)],
    ['state', checkState(form.state)],
    ['phone', checkPhone(form.phone)],
    ['agree', checkAgree(form.agree)],
  ];
  for (const [field, code] of checks) {
    if (code !== undefined) errors[field] = code;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}
