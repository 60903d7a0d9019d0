/**
 * The search page's filter: a school matches when every word of the query appears in its name,
 * city or state, ignoring case and accents ("purdue", "lafayette", "INDIANA", "notre indiana").
 * A query that is one piece of a name ("otre") still matches, as a plain name search would.
 * Dependency-free: the page's browser script uses it too.
 */

/** The fields a visitor can search by. */
export interface SearchableSchool {
  name: string;
  city?: string | undefined;
  state?: string | undefined;
}

/** The query as it is matched and quoted: surrounding spaces ignored. */
export function normaliseQuery(query: string): string {
  return query.trim();
}

/** Lower case without accents, so "Montréal" is found by "montreal" (and a group's address is plain). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function queryWords(query: string): string[] {
  return fold(normaliseQuery(query)).split(/\s+/).filter(Boolean);
}

/** Each school's folded text, made once: the browser filters thousands of schools at every keystroke. */
const haystacks = new WeakMap<SearchableSchool, string>();

function haystack(school: SearchableSchool): string {
  let text = haystacks.get(school);
  if (text === undefined) {
    text = fold([school.name, school.city ?? '', school.state ?? ''].join('\n'));
    haystacks.set(school, text);
  }
  return text;
}

/** Makes each school's folded text now (when the list arrives), so the first keystroke does not wait for it. */
export function prepareSchools<T extends SearchableSchool>(schools: readonly T[]): T[] {
  for (const school of schools) haystack(school);
  return [...schools];
}

export function matchesQuery(school: SearchableSchool, query: string): boolean {
  const text = haystack(school);
  return queryWords(query).every((word) => text.includes(word));
}

/** Every school when the query is blank, else those matching every word, in their given order. */
export function filterSchools<T extends SearchableSchool>(
  schools: readonly T[],
  query: string,
): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...schools];
  return schools.filter((school) => {
    const text = haystack(school);
    return words.every((word) => text.includes(word));
  });
}

/** The line above the results: the total for a blank query, the page's fixed texts otherwise. */
export function searchSummary(count: number, query: string): string {
  const shown = normaliseQuery(query);
  if (shown === '') return `Showing all ${count} schools`;
  if (count === 0) return `No schools found matching "${shown}"`;
  return `Showing ${count} school(s) that match "${shown}"`;
}
