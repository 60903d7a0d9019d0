/**
 * The search page's filter (SPEC §2): schools whose name contains the query, ignoring case,
 * and the summary line above the cards. Dependency-free: the page script uses it too.
 */

/** The query as it is matched and quoted: surrounding spaces ignored. */
export function normaliseQuery(query: string): string {
  return query.trim();
}

export function matchesQuery(name: string, query: string): boolean {
  return name.toLowerCase().includes(normaliseQuery(query).toLowerCase());
}

/** Every school when the query is empty, else those whose name contains it (case-insensitive). */
export function filterSchools<T extends { name: string }>(schools: readonly T[], query: string): T[] {
  return schools.filter((school) => matchesQuery(school.name, query));
}

/** The text over the cards: all schools for an empty query, the SPEC §2/§8 texts otherwise. */
export function searchSummary(count: number, query: string): string {
  const shown = normaliseQuery(query);
  if (shown === '') return `Showing all ${count} schools`;
  if (count === 0) return `No schools found matching "${shown}"`;
  return `Showing ${count} school(s) that match "${shown}"`;
}
