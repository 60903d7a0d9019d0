/**
 * The school's words in product text: `{baseName}`, `{schoolName}`… as `schoolTermsRemover`
 * (school-terms.ts) writes them, for the school document's naming fields and its two
 * brand colours (`{primaryColor}` is the colour's hex value, as a partner banner's background
 * uses it). Resolving a school's content puts that school's words in; a placeholder that names no
 * such field, or a word the school does not have, is an error naming the document and the field.
 * Dependency-free: the Studio bundles it.
 */
import { NAME_FIELDS, colourHex, termReplacer } from './school-terms.ts';

export const PLACEHOLDER_FIELDS = [...NAME_FIELDS, 'primaryColor', 'secondaryColor'] as const;
export type PlaceholderField = (typeof PLACEHOLDER_FIELDS)[number];

const KNOWN = new Set<string>(PLACEHOLDER_FIELDS);
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** A school's words by placeholder field (only the fields the school has). */
export type SchoolWords = ReadonlyMap<string, string>;

export const placeholder = (field: PlaceholderField): string => `{${field}}`;

/** The school's words: its naming fields (not blank) and its colours' hex values. */
export function schoolWords(school: Record<string, unknown>): SchoolWords {
  const words = new Map<string, string>();
  for (const field of NAME_FIELDS) {
    const value = school[field];
    if (typeof value === 'string' && value.trim()) words.set(field, value);
  }
  for (const field of ['primaryColor', 'secondaryColor'] as const) {
    const hex = colourHex(school, field);
    if (hex) words.set(field, hex);
  }
  return words;
}

/** The names of the placeholders in a text, in order (repeats included). */
export function placeholdersIn(text: string): string[] {
  if (!text.includes('{')) return [];
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

export const isKnownPlaceholder = (name: string): boolean => KNOWN.has(name);

/** Placeholders in a text that name no school field. */
export const unknownPlaceholders = (text: string): string[] => [
  ...new Set(placeholdersIn(text).filter((name) => !KNOWN.has(name))),
];

const KNOWN_LIST = PLACEHOLDER_FIELDS.map((field) => `{${field}}`).join(', ');

/** The message for unknown placeholders (the Studio's and the build's). */
export function unknownPlaceholderMessage(names: readonly string[]): string {
  const listed = names.map((name) => `{${name}}`).join(', ');
  return `unknown placeholder${names.length > 1 ? 's' : ''} ${listed}: the school's words are ${KNOWN_LIST}`;
}

/** The Studio's rule for a text field: true, or why its placeholders cannot be filled for any school. */
export function placeholderRule(value: unknown): true | string {
  if (typeof value !== 'string') return true;
  const unknown = unknownPlaceholders(value);
  return unknown.length ? unknownPlaceholderMessage(unknown) : true;
}

export interface FilledText {
  text: string;
  /** Placeholders naming no school field. */
  unknown: string[];
  /** Known placeholders this school has no word for (e.g. `{city}` for a school without a city). */
  missing: string[];
}

/** The text with the school's words in place of its placeholders; what could not be filled stays as written. */
export function fillPlaceholders(text: string, words: SchoolWords): FilledText {
  if (!text.includes('{')) return { text, unknown: [], missing: [] };
  const unknown: string[] = [];
  const missing: string[] = [];
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!KNOWN.has(name)) {
      unknown.push(name);
      return whole;
    }
    const word = words.get(name);
    if (word === undefined) {
      missing.push(name);
      return whole;
    }
    return word;
  });
  return { text: filled, unknown, missing };
}

/**
 * The school's words in a text made placeholders (the migration's view of a school's text): the
 * first field naming a word decides, longest words first, whole words only (school-terms.ts).
 */
export function placeholderRemover(school: Record<string, unknown>): (text: string) => string {
  const replacements = new Map<string, string>();
  for (const [field, word] of schoolWords(school))
    if (!replacements.has(word)) replacements.set(word, `{${field}}`);
  return termReplacer(replacements);
}
