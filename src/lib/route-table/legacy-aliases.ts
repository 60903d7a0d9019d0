/**
 * The one rule for a school's legacy aliases (old first path segments that redirect to the
 * school), shared by the build's content door (src/lib/content) and the Studio
 * (studio/schemaTypes/site.ts). An alias becomes `/{alias}`, `/{alias}/giveawayentry/...` and
 * `/{alias}/*` lines in _redirects, so it must be one clean path segment that nothing else on the
 * site answers to: otherwise its lines are broken, or shadowed by a page or another school's rule.
 */

/** Lower-case letters and digits in words joined by single hyphens: the form of every school address. */
export const SLUG_FORM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * First path segments the site serves itself: the pages of no school, the 404 page, asset
 * folders and files at the root (Astro's bundles, content images, backgrounds, favicon, robots,
 * sitemaps, Netlify's own files and functions), and the order service's paths the site proxies.
 * tests/dist checks that every top-level entry of a build is in this list.
 */
export const RESERVED_FIRST_SEGMENTS: readonly string[] = [
  'search',
  'search-schools.json',
  'default',
  'index',
  '404',
  '_astro',
  'content-images',
  'backgrounds',
  'favicon.ico',
  'favicon.svg',
  'robots.txt',
  '_redirects',
  '_headers',
  '.netlify',
  'account',
  'nexusapi',
  'mobileapi',
];

/** Sitemaps are numbered as they grow (sitemap-index.xml, sitemap-0.xml, ...): the whole family is the site's. */
const RESERVED_PREFIX = 'sitemap';

export function isReservedFirstSegment(segment: string): boolean {
  return RESERVED_FIRST_SEGMENTS.includes(segment) || segment.startsWith(RESERVED_PREFIX);
}

/**
 * What keeps a school's seo slug from being its address, or undefined: a segment the site serves
 * itself (a school at /search would hide the search page, its rules would shadow the site's).
 * The form is checked beside it (SLUG_FORM).
 */
export function seoSlugReservedProblem(slug: string): string | undefined {
  return isReservedFirstSegment(slug)
    ? `"${slug}" is an address the site serves itself (/${slug}): choose another address for the school`
    : undefined;
}

/** What is wrong with one alias on its own (its form, or a segment the site serves), or undefined. */
export function legacyAliasFormProblem(alias: string): string | undefined {
  if (!SLUG_FORM.test(alias)) {
    return `"${alias}" is not one address segment: use lower-case letters, digits and single hyphens (e.g. gohuskymobile), no spaces, slashes or capitals`;
  }
  if (isReservedFirstSegment(alias))
    return `"${alias}" is an address the site serves itself (/${alias})`;
  return undefined;
}

export interface AliasOwner {
  key: string;
  seoSlug: string;
  legacyAliases: readonly string[];
}

export interface LegacyAliasProblem {
  /** The school's key. */
  school: string;
  alias: string;
  reason: string;
}

export interface LegacyAliasCheck {
  /** Per school key: the aliases that may go into _redirects, in the order content lists them. */
  kept: ReadonlyMap<string, readonly string[]>;
  problems: LegacyAliasProblem[];
}

/**
 * Every school's aliases against the rule and against each other: unique across every school's
 * address (seo slug) and aliases. An alias two schools claim is left out for both (which school
 * an old address means is for editors to decide, not for the order of the documents); an alias a
 * school lists twice is kept once.
 */
export function checkLegacyAliases(schools: readonly AliasOwner[]): LegacyAliasCheck {
  const slugOwner = new Map(schools.map((school) => [school.seoSlug, school.key]));
  const aliasOwners = new Map<string, Set<string>>();
  for (const school of schools) {
    for (const alias of school.legacyAliases) {
      aliasOwners.set(alias, (aliasOwners.get(alias) ?? new Set()).add(school.key));
    }
  }

  const problems: LegacyAliasProblem[] = [];
  const kept = new Map<string, string[]>();
  for (const school of schools) {
    const usable: string[] = [];
    const report = (alias: string, reason: string) =>
      problems.push({ school: school.key, alias, reason });
    for (const alias of school.legacyAliases) {
      const formProblem = legacyAliasFormProblem(alias);
      const slugOf = slugOwner.get(alias);
      const others = [...(aliasOwners.get(alias) ?? [])].filter((key) => key !== school.key);
      if (formProblem) report(alias, formProblem);
      else if (slugOf === school.key) report(alias, `"${alias}" is the school's own address`);
      else if (slugOf !== undefined) report(alias, `"${alias}" is the address of school ${slugOf}`);
      else if (others.length)
        report(alias, `"${alias}" is also an old address of school ${others.join(', ')}`);
      else if (usable.includes(alias)) report(alias, `"${alias}" is listed twice`);
      else usable.push(alias);
    }
    kept.set(school.key, usable);
  }
  return { kept, problems };
}
