/**
 * The words that make text one school's own: its names, key, address and colours. A new school
 * made from a template gets the template's text with these words swapped for its own, and the
 * content check uses the same words to tell the template's text from text an editor wrote.
 * Dependency-free: the Studio bundles this file.
 */

/** A content document as stored: plain JSON. */
export type ContentDocument = Record<string, unknown> & { _id: string; _type: string };

/**
 * The school document's fields that name the school, longest-living first (see `schoolTerms`).
 * The mascot in two numbers ("Husky", "Huskies"; "Golden Bear", "Golden Bears") because English
 * plurals cannot be derived: product text says "Perks for every {mascot}".
 */
export const NAME_FIELDS = [
  'schoolName',
  'baseName',
  'mascotNation',
  'mascotPlural',
  'mascot',
  'schoolShort',
  'city',
  'key',
  'seoSlug',
] as const;
export type NameField = (typeof NAME_FIELDS)[number];

export interface SchoolTerm {
  field: NameField | 'legacyAliases' | 'primaryColor' | 'secondaryColor';
  value: string;
}

const stringField = (doc: Record<string, unknown>, name: string) => {
  const value = doc[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

export function colourHex(
  doc: Record<string, unknown>,
  name: 'primaryColor' | 'secondaryColor',
): string | undefined {
  const colour = doc[name];
  const hex =
    colour && typeof colour === 'object' ? (colour as Record<string, unknown>).hex : undefined;
  return typeof hex === 'string' && hex ? hex : undefined;
}

/** Every word that names a school (school document in), in the order of `NAME_FIELDS`, then aliases and colours. */
export function schoolTerms(school: Record<string, unknown>): SchoolTerm[] {
  const terms: SchoolTerm[] = [];
  for (const field of NAME_FIELDS) {
    const value = stringField(school, field);
    if (value) terms.push({ field, value });
  }
  const aliases = Array.isArray(school.legacyAliases) ? school.legacyAliases : [];
  for (const alias of aliases)
    if (typeof alias === 'string' && alias) terms.push({ field: 'legacyAliases', value: alias });
  for (const field of ['primaryColor', 'secondaryColor'] as const) {
    const hex = colourHex(school, field);
    if (hex) terms.push({ field, value: hex });
  }
  return terms;
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function replacing whole words (never part of a longer word: "UW" is not replaced inside
 * "UWS") in one pass, longest first, so "Clearwater State University" wins over "Clearwater
 * State". Names match in their own case; hex colours in any case. Made once, used per text.
 */
export function termReplacer(replacements: ReadonlyMap<string, string>): (text: string) => string {
  const words = [...replacements.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!words.length) return (text) => text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const lowerCase = new Map([...replacements].map(([from, to]) => [from.toLowerCase(), to]));
  return (text) =>
    text.replace(pattern, (match) => {
      const exact = replacements.get(match);
      if (exact !== undefined) return exact;
      return match.startsWith('#') ? (lowerCase.get(match.toLowerCase()) ?? match) : match;
    });
}

export const replaceTerms = (text: string, replacements: ReadonlyMap<string, string>): string =>
  termReplacer(replacements)(text);

/** Each template word → the new school's word, for the fields where the two differ. */
export function termReplacements(
  template: Record<string, unknown>,
  school: Record<string, unknown>,
): Map<string, string> {
  const theirs = schoolTerms(template);
  const ours = new Map(
    schoolTerms(school)
      .filter((term) => term.field !== 'legacyAliases')
      .map((term) => [term.field, term.value]),
  );
  const replacements = new Map<string, string>();
  for (const term of theirs) {
    const replacement = ours.get(term.field);
    // The first field naming a word decides (a school whose key is also its seo slug).
    if (replacement !== undefined && replacement !== term.value && !replacements.has(term.value))
      replacements.set(term.value, replacement);
  }
  return replacements;
}

/** A function giving text with the school's own words as placeholders: the same sentence of two schools reads the same. */
export function schoolTermsRemover(school: Record<string, unknown>): (text: string) => string {
  const placeholders = new Map<string, string>();
  for (const term of schoolTerms(school))
    if (!placeholders.has(term.value)) placeholders.set(term.value, `{${term.field}}`);
  return termReplacer(placeholders);
}

export const withoutSchoolTerms = (text: string, school: Record<string, unknown>): string =>
  schoolTermsRemover(school)(text);

/** The template's words in a text that the new school does not share (its names, key, address). */
export function templateTermsIn(
  text: string,
  template: Record<string, unknown>,
  school: Record<string, unknown>,
): string[] {
  const ours = new Set(schoolTerms(school).map((term) => term.value));
  const theirs = schoolTerms(template).filter(
    (term) => !term.field.endsWith('Color') && !ours.has(term.value),
  );
  const found = new Set<string>();
  // Find the longest words first and blank them, so "Clearwater State University" is not also reported as "Clearwater".
  let rest = text;
  for (const term of theirs.sort((a, b) => b.value.length - a.value.length)) {
    const next = replaceTerms(rest, new Map([[term.value, ' ']]));
    if (next !== rest) found.add(term.value);
    rest = next;
  }
  return [...found];
}
