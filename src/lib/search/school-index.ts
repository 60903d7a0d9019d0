/**
 * What the search pages send for the list of schools, so that no page grows with the number of
 * schools (docs/architecture.md, "The school search page"):
 * - the search page's HTML has one link per state (and "Other schools", "Coming soon"), with its
 *   number of schools: the way in with JavaScript off;
 * - each state's page (`/search/{state}`) lists its schools as plain links, split over pages of
 *   at most MAX_SCHOOLS_PER_GROUP_PAGE;
 * - a JSON file with each school's card (city, colours, Get Started address), fetched by the search
 *   page the first time the visitor uses the search box, from which the matching cards are drawn.
 */
import { fold } from './filter.ts';
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
  /** The group's address segment: `/search/{slug}`. */
  slug: string;
  title: string;
  schools: Array<{ name: string; href: string }>;
}

/** One page of a group: all of it, or a part of a large one. */
export interface GroupPage {
  /** Its address segment: the group's slug, then `{slug}-2`, `{slug}-3`… */
  slug: string;
  title: string;
  /** 1-based, of `pages`. */
  page: number;
  pages: number;
  schools: Array<{ name: string; href: string }>;
  previous?: string | undefined;
  next?: string | undefined;
}

/** Live schools without a state in content are listed last under this heading. */
export const NO_STATE_GROUP = 'Other schools';
export const COMING_SOON_GROUP = 'Coming soon';

/** Where the group pages live, and the same as a header rule path (src/lib/security/csp-headers.ts). */
export const SEARCH_GROUP_BASE = '/search';
export const SEARCH_GROUP_RULE = 'search/:group';
/**
 * The most schools one group page lists: a state with more is split over pages. About 70 bytes of
 * HTML a school, so a full page stays well under the 64 KB page budget.
 */
export const MAX_SCHOOLS_PER_GROUP_PAGE = 500;

export const groupHref = (slug: string) => `${SEARCH_GROUP_BASE}/${slug}`;

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

/**
 * A group's address segment: its title folded to lower-case words. It never ends in a number, so
 * it cannot be taken for another group's later page (`{slug}-2`).
 */
function groupSlug(title: string, taken: Set<string>): string {
  const folded =
    fold(title)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'group';
  const base = /-?\d+$/.test(folded) ? `${folded}-schools` : folded;
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}-schools`;
  taken.add(slug);
  return slug;
}

const byName = (a: { name: string }, b: { name: string }) => compareSchoolNames(a.name, b.name);

/** Live schools by state (A–Z, schools without a state last), then the schools coming soon. */
export function schoolIndexGroups(schools: readonly SearchResult[]): IndexGroup[] {
  const live = Map.groupBy(
    schools.filter((school) => !school.comingSoon),
    (school) => school.state.trim() || NO_STATE_GROUP,
  );
  const titles = [...live.keys()].sort((a, b) =>
    a === NO_STATE_GROUP ? 1 : b === NO_STATE_GROUP ? -1 : compareSchoolNames(a, b),
  );
  const soon = schools.filter((school) => school.comingSoon);
  const taken = new Set<string>();
  const group = (title: string, members: readonly SearchResult[]): IndexGroup => ({
    slug: groupSlug(title, taken),
    title,
    schools: members.map(({ name, href }) => ({ name, href })).sort(byName),
  });
  return [
    ...titles.map((title) => group(title, live.get(title) ?? [])),
    ...(soon.length > 0 ? [group(COMING_SOON_GROUP, soon)] : []),
  ];
}

/** Every group's pages: one per MAX_SCHOOLS_PER_GROUP_PAGE schools, linked to the page before and after. */
export function groupPages(
  groups: readonly IndexGroup[],
  perPage = MAX_SCHOOLS_PER_GROUP_PAGE,
): GroupPage[] {
  return groups.flatMap((group) => {
    const pages = Math.max(1, Math.ceil(group.schools.length / perPage));
    const slugOf = (page: number) => (page === 1 ? group.slug : `${group.slug}-${page}`);
    return Array.from({ length: pages }, (_, index) => ({
      slug: slugOf(index + 1),
      title: group.title,
      page: index + 1,
      pages,
      schools: group.schools.slice(index * perPage, (index + 1) * perPage),
      previous: index > 0 ? groupHref(slugOf(index)) : undefined,
      next: index + 1 < pages ? groupHref(slugOf(index + 2)) : undefined,
    }));
  });
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The number of schools as the pages write it: `1 school`, `1,234 schools`. */
export const schoolsCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'school' : 'schools'}`;

/**
 * The search page's list of groups: a link to each group's page with its number of schools. Its
 * size follows the number of states, never the number of schools.
 */
export function groupLinksHtml(groups: readonly IndexGroup[]): string {
  return `<ul>${groups.map((group) => `<li><a href="${groupHref(group.slug)}">${escapeHtml(group.title)}</a> <span>${schoolsCount(group.schools.length)}</span></li>`).join('')}</ul>`;
}

/**
 * A group page's list, written by hand to stay compact: no classes or per-element attributes (its
 * styles select by structure), so each school costs only its name and address (about 70 bytes).
 * Text and addresses are escaped.
 */
export function groupListHtml(schools: GroupPage['schools']): string {
  return `<ul>${schools.map((school) => `<li><a href="${escapeHtml(school.href)}">${escapeHtml(school.name)}</a></li>`).join('')}</ul>`;
}
