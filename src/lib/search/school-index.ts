/**
 * What the search page sends for its list of schools, in two parts so the page stays small at
 * hundreds of schools:
 * - in the HTML, a plain index of links grouped by state (works with JavaScript off, a few dozen
 *   bytes per school);
 * - a JSON file with each school's card (city, colours, Get Started address), fetched by the page
 *   the first time the visitor uses the search box, from which the matching cards are drawn.
 */
import { getStartedHref } from './links.ts';
import { compareSchoolNames, type SearchCard, type SchoolColour } from './schools.ts';

/** Where the page fetches the cards from (a static file the build writes). */
export const SEARCH_DATA_PATH = '/search-schools.json';

/** One card as the browser gets it: everything it shows, its link resolved. */
export interface SearchResult {
  name: string;
  city: string;
  state: string;
  brand?: string | undefined;
  href: string;
  comingSoon: boolean;
  colors: SchoolColour[];
}

export interface SearchData {
  schools: SearchResult[];
}

export interface IndexGroup {
  /** The heading's id, the target of the state links above the groups. */
  id: string;
  title: string;
  schools: Array<{ name: string; href: string }>;
}

/** Live schools without a state in content are listed last under this heading. */
export const NO_STATE_GROUP = 'Other schools';
export const COMING_SOON_GROUP = 'Coming soon';

export function searchData(cards: readonly SearchCard[], mainSiteUrl: string): SearchData {
  return {
    schools: cards.map((card) => ({
      name: card.name,
      city: card.city,
      state: card.state ?? '',
      ...(card.brand ? { brand: card.brand } : {}),
      href: card.href ?? getStartedHref(mainSiteUrl, card.name),
      comingSoon: card.comingSoon,
      colors: card.colors,
    })),
  };
}

function groupId(title: string, taken: Set<string>): string {
  const base = `schools-${title.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'group'}`;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const byName = (a: { name: string }, b: { name: string }) => compareSchoolNames(a.name, b.name);

/** Live schools by state (A–Z, schools without a state last), then the schools coming soon. */
export function schoolIndexGroups(schools: readonly SearchResult[]): IndexGroup[] {
  const live = Map.groupBy(schools.filter((school) => !school.comingSoon), (school) => school.state.trim() || NO_STATE_GROUP);
  const titles = [...live.keys()].sort((a, b) => (a === NO_STATE_GROUP ? 1 : b === NO_STATE_GROUP ? -1 : compareSchoolNames(a, b)));
  const soon = schools.filter((school) => school.comingSoon);
  const taken = new Set<string>();
  const group = (title: string, members: readonly SearchResult[]): IndexGroup => ({
    id: groupId(title, taken),
    title,
    schools: members.map(({ name, href }) => ({ name, href })).sort(byName),
  });
  return [
    ...titles.map((title) => group(title, live.get(title) ?? [])),
    ...(soon.length > 0 ? [group(COMING_SOON_GROUP, soon)] : []),
  ];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The index's markup, written by hand to stay compact: no classes or per-element attributes
 * (its styles select by structure), so each school costs only its name and address. Text and
 * addresses are escaped. Measured by tests at 600 schools (the page must stay under 64 KB).
 */
export function schoolIndexHtml(groups: readonly IndexGroup[]): string {
  const jump = groups.map((group) => `<li><a href="#${group.id}">${escapeHtml(group.title)}</a></li>`).join('');
  const lists = groups.map((group) =>
    `<div><h3 id="${group.id}">${escapeHtml(group.title)}</h3><ul>${
      group.schools.map((school) => `<li><a href="${escapeHtml(school.href)}">${escapeHtml(school.name)}</a></li>`).join('')
    }</ul></div>`).join('');
  return `<nav aria-label="Jump to a state"><ul>${jump}</ul></nav><div data-index-groups>${lists}</div>`;
}
