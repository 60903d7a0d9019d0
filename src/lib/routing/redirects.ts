/**
 * Redirect rules as data (docs/behaviour.md §2): legacy aliases and sub-paths, the header's fan-plans path,
 * unknown giveaway ids, missing assets, and "any other path goes to the main site". Written to
 * dist/_redirects in Netlify's format; the local stack serves them through Netlify's own matcher.
 *
 * Why the rules look like this (Netlify's CDN, as its engine behaves):
 * - A rule's path matches with or without a trailing slash, so no rule can strip one: a forced
 *   `/:a/ → /:a` also matches `/:a` and loops. Pages are built as `x.html` (Astro `format: 'file'`);
 *   Netlify serves `x.html` at `/x` and at `/x/`, the canonical URL is always `/x`, and the page
 *   puts `/x` in the address bar (BaseHead). No rule here is forced and none can match its own
 *   target, so no rule can loop.
 * - Existing files shadow unforced rules: built pages and assets win over every rule below, so
 *   rules that are the same for every school are written once with `:school` placeholders and
 *   splats (an open giveaway's entry page shadows the "unknown id" rule). Per-school lines are
 *   only what is really per school: legacy aliases (2 lines each). A placeholder rule under an unknown first segment leads on to the
 *   catch-all, so no path ends on our site that docs/behaviour.md does not name, in at most two hops.
 * - First match wins: the missing-asset 404s come before the catch-all, which comes last.
 */
import { NETLIFY_REDIRECT_ADVICE } from '../config/settings/sites.ts';
import { giveawayIdKey } from '../giveaway/route.ts';
import { schoolPath } from '../route-table/routes.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302 | 404;
  /** Apply even when a file exists at `from` (Netlify's `!`). Only the order-service proxy needs it. */
  force?: boolean;
}

export interface RedirectSchool {
  seoSlug: string;
  legacyAliases: readonly string[];
  /** False for schools whose legacy prefix never had a giveaway-entry page (docs/behaviour.md §2: beavs, bears). */
  giveawayEntryRedirect: boolean;
}

/** Legacy sub-path → current path under the school (docs/behaviour.md §2). */
export const LEGACY_SUBPATHS: ReadonlyArray<readonly [legacy: string, current: string]> = [
  ['landingpage', ''],
  ['student', 'student'],
  ['shop-faculty-plans', 'faculty'],
  ['fan', 'fan'],
  ['why', 'why'],
  ['coveragemap', 'coverage-map'],
  ['newsroom', 'newsroom'],
  ['giveawayconfirmation', 'giveaway-confirmation'],
  ['giveaway-closed', 'giveaway-closed'],
];

/** Paths of the site's own files: a missing one is a 404, never the main site. */
export const ASSET_PATHS = [
  '/_astro/*',
  '/content-images/*',
  '/backgrounds/*',
  '/favicon.ico',
] as const;

export const NOT_FOUND_PAGE = '/404.html';

/** The order service's paths, which the browser calls relative to the site (docs/behaviour.md §7). */
export const ORDER_SERVICE_PATHS = ['/account/login', '/nexusapi/*', '/mobileapi/*'] as const;

/** Proxy rules (status 200 to another host) that put the order service under the site's origin. */
export function orderServiceRules(orderServiceUrl: string | undefined): RedirectRule[] {
  if (!orderServiceUrl) return [];
  const base = orderServiceUrl.replace(/\/+$/, '');
  return ORDER_SERVICE_PATHS.map((path) => ({
    from: path,
    to: `${base}${path.replace('/*', '/:splat')}`,
    status: 200,
    force: true,
  }));
}

/** Rules that hold for every school, written once with the `:school` placeholder. */
function sharedSchoolRules(activeGiveawayIds: readonly string[]): RedirectRule[] {
  const school = ':school';
  const renamed = LEGACY_SUBPATHS.filter(([legacy, current]) => legacy !== current);
  return [
    { from: schoolPath(school, 'fan-plans'), to: schoolPath(school, 'fan'), status: 301 },
    ...renamed.map(([legacy, current]): RedirectRule => ({
      from: schoolPath(school, legacy),
      to: schoolPath(school, current),
      status: 301,
    })),
    ...legacyEntryRules(activeGiveawayIds),
    ...upperCaseGiveawayRules(activeGiveawayIds),
    // The entry page is built only for the open event and shadows this; any other id is closed.
    {
      from: schoolPath(school, 'giveaway-entry/*'),
      to: schoolPath(school, 'giveaway-closed'),
      status: 302,
    },
  ];
}

/** What a giveaway id must look like to be written into a rule literally (GUIDs do). */
const PLAIN_ID = /^[A-Za-z0-9._~-]+$/;

/**
 * Entry links whose id was upper-cased (some mail tools do this) 301 to the lower-case address
 * the entry page lives at, one rule per active id for every school. Netlify matches rule paths
 * case-sensitively, so a rule never matches its own lower-case target (no loop); an id without
 * letters, or one a rule cannot carry literally, gets no rule.
 */
export function upperCaseGiveawayRules(activeGiveawayIds: readonly string[]): RedirectRule[] {
  const ids = new Set(
    activeGiveawayIds
      .map(giveawayIdKey)
      .filter((id) => PLAIN_ID.test(id) && id.toUpperCase() !== id),
  );
  return [...ids].map((id) => ({
    from: schoolPath(':school', `giveaway-entry/${id.toUpperCase()}`),
    to: schoolPath(':school', `giveaway-entry/${id}`),
    status: 301,
  }));
}

/**
 * Legacy `giveawayentry/{id}` links, under a school's address or (after its alias's one hop)
 * under an alias: an active event's id, as written or upper-cased, goes to the entry page's
 * address, any other id straight to the closed page. So an old link through an alias lands in two
 * hops whatever its id, with no rule per alias (one for every school per active id). When an
 * active id cannot be written into a rule literally, every id goes to the entry address instead,
 * and an id that is not open goes on from there to the closed page.
 */
function legacyEntryRules(activeGiveawayIds: readonly string[]): RedirectRule[] {
  const ids = [...new Set(activeGiveawayIds.map(giveawayIdKey))];
  const entry = (id: string): RedirectRule => ({
    from: schoolPath(':school', `giveawayentry/${id}`),
    to: schoolPath(':school', `giveaway-entry/${id.toLowerCase()}`),
    status: 301,
  });
  if (!ids.every((id) => PLAIN_ID.test(id))) return [entry(':guid')];
  return [
    ...ids.flatMap((id) =>
      id.toUpperCase() === id ? [entry(id)] : [entry(id), entry(id.toUpperCase())],
    ),
    {
      from: schoolPath(':school', 'giveawayentry/*'),
      to: schoolPath(':school', 'giveaway-closed'),
      status: 302,
    },
  ];
}

/**
 * What is really per school: its legacy aliases, two lines each, the least Netlify's rule language
 * allows. The bare alias needs its own line: the splat rule matches `/{alias}` too, but its target
 * would keep the empty splat's slash (`/{school}/`, measured on Netlify's matcher), where
 * docs/behaviour.md §2 promises `/{school}`. Everything under the alias keeps its sub-path;
 * unchanged sub-paths land in one hop, renamed ones (`shop-faculty-plans`, `landingpage`,
 * `giveawayentry/{id}`...) then take the shared rule, two hops in all. An alias whose school never
 * had a giveaway-entry page (beavs, bears) needs a third line sending its `giveawayentry` paths to
 * the main site.
 */
function aliasRules(school: RedirectSchool, mainSiteUrl: string): RedirectRule[] {
  return school.legacyAliases.flatMap((alias): RedirectRule[] => [
    { from: `/${alias}`, to: schoolPath(school.seoSlug), status: 301 },
    ...(school.giveawayEntryRedirect
      ? []
      : [{ from: `/${alias}/giveawayentry/*`, to: mainSiteUrl, status: 302 } as const]),
    { from: `/${alias}/*`, to: schoolPath(school.seoSlug, ':splat'), status: 301 },
  ]);
}

/** A retired school's addresses: its seo slug and legacy aliases, and where they now go. */
export interface RetiredRedirect {
  seoSlug: string;
  legacyAliases: readonly string[];
  /** The successor school's home (`/{seoSlug}`) or the main site. */
  redirectTo: string;
}

/**
 * A retired school has no pages: each of its addresses, bare or with any sub-path, answers one
 * permanent redirect to where it now goes. Before the shared `:school` rules, so `/{old}/fan-plans`
 * takes one hop too.
 */
function retiredRules(school: RetiredRedirect): RedirectRule[] {
  return [school.seoSlug, ...school.legacyAliases].flatMap((name): RedirectRule[] => [
    { from: `/${name}`, to: school.redirectTo, status: 301 },
    { from: `/${name}/*`, to: school.redirectTo, status: 301 },
  ]);
}

export interface SiteRedirects {
  /** The open events, whose upper-cased entry links are sent to the lower-case page. */
  activeGiveawayIds?: readonly string[];
  retired?: readonly RetiredRedirect[];
}

export function redirectRules(
  schools: readonly RedirectSchool[],
  mainSiteUrl: string,
  orderServiceUrl?: string,
  { activeGiveawayIds = [], retired = [] }: SiteRedirects = {},
): RedirectRule[] {
  return [
    ...orderServiceRules(orderServiceUrl),
    ...ASSET_PATHS.map((from): RedirectRule => ({ from, to: NOT_FOUND_PAGE, status: 404 })),
    ...retired.flatMap(retiredRules),
    ...schools.flatMap((school) => aliasRules(school, mainSiteUrl)),
    ...sharedSchoolRules(activeGiveawayIds),
    { from: '/*', to: mainSiteUrl, status: 302 },
  ];
}

export function formatRedirects(rules: readonly RedirectRule[]): string {
  const header = '# Generated at build from the school registry. Do not edit.\n';
  return (
    header +
    rules
      .map((rule) => `${rule.from}  ${rule.to}  ${rule.status}${rule.force ? '!' : ''}`)
      .join('\n') +
    '\n'
  );
}

/**
 * The build's ceiling on redirect rules (REDIRECT_RULE_LIMIT, at most NETLIFY_REDIRECT_ADVICE, from
 * which Netlify's docs advise wildcards; a deploy may fail when its serialised rules are too large).
 * Checked before `_redirects` is written, so the build stops, naming the count and the limit,
 * instead of a deploy failing on Netlify. netlify.toml holds no redirect rules to add to the count.
 */
export function redirectCeilingProblem(ruleCount: number, limit: number): string | undefined {
  if (ruleCount < limit) return undefined;
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    `Refusing to write ${count(ruleCount)} redirect rules: a build writes fewer than ${count(limit)} (REDIRECT_RULE_LIMIT; ` +
    `Netlify advises wildcards from ${count(NETLIFY_REDIRECT_ADVICE)} rules on, and a deploy may fail when its rules are too large). ` +
    'Each legacy alias takes two rules (three without a giveawayentry redirect) and each address of a retired school two: ' +
    'remove aliases and retired addresses nobody uses any more.'
  );
}
