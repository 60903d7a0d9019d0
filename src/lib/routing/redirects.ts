/**
 * Redirect rules as data (SPEC §2): legacy aliases and sub-paths, the header's fan-plans
 * path, unknown giveaway ids, trailing slashes, and "any other path goes to the main site".
 * Written to dist/_redirects in Netlify's format; the local stack applies the same file.
 */
import { schoolPath } from './routes.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302 | 404;
  /** Apply even when a file exists at `from` (Netlify's `!`). */
  force?: boolean;
}

export interface RedirectSchool {
  seoSlug: string;
  legacyAliases: readonly string[];
  /** False for schools whose legacy prefix never had a giveaway-entry page (SPEC §2: beavs, bears). */
  giveawayEntryRedirect: boolean;
}

/** Legacy sub-path → current path under the school. */
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

function legacyRules(prefix: string, school: RedirectSchool, isAlias: boolean): RedirectRule[] {
  const rules: RedirectRule[] = [];
  if (isAlias) rules.push({ from: `/${prefix}`, to: schoolPath(school.seoSlug), status: 301 });
  for (const [legacy, current] of LEGACY_SUBPATHS) {
    // Under the current slug, a sub-path that did not change is the page itself.
    if (!isAlias && legacy === current) continue;
    rules.push({ from: `/${prefix}/${legacy}`, to: schoolPath(school.seoSlug, current), status: 301, force: true });
  }
  if (school.giveawayEntryRedirect) {
    rules.push({ from: `/${prefix}/giveawayentry/:guid`, to: schoolPath(school.seoSlug, 'giveaway-entry/:guid'), status: 301, force: true });
  }
  return rules;
}

/** The order service's paths, which the browser calls relative to the site (SPEC §7). */
export const ORDER_SERVICE_PATHS = ['/account/login', '/nexusapi/*', '/mobileapi/*'] as const;

/** Proxy rules (status 200 to another host) that put the order service under the site's origin. */
export function orderServiceRules(orderServiceUrl: string | undefined): RedirectRule[] {
  if (!orderServiceUrl) return [];
  const base = orderServiceUrl.replace(/\/+$/, '');
  return ORDER_SERVICE_PATHS.map((path) => ({ from: path, to: `${base}${path.replace('/*', '/:splat')}`, status: 200, force: true }));
}

export function redirectRules(schools: readonly RedirectSchool[], mainSiteUrl: string, orderServiceUrl?: string): RedirectRule[] {
  const rules: RedirectRule[] = [
    // Trailing slashes first, so every other rule sees the bare path.
    { from: '/:a/', to: '/:a', status: 301, force: true },
    { from: '/:a/:b/', to: '/:a/:b', status: 301, force: true },
    { from: '/:a/:b/:c/', to: '/:a/:b/:c', status: 301, force: true },
    ...orderServiceRules(orderServiceUrl),
  ];
  for (const school of schools) {
    rules.push({ from: schoolPath(school.seoSlug, 'fan-plans'), to: schoolPath(school.seoSlug, 'fan'), status: 301, force: true });
    rules.push(...legacyRules(school.seoSlug, school, false));
    for (const alias of school.legacyAliases) rules.push(...legacyRules(alias, school, true));
    // The entry page is built only for the open event; any other id shows the closed page.
    rules.push({ from: schoolPath(school.seoSlug, 'giveaway-entry/*'), to: schoolPath(school.seoSlug, 'giveaway-closed'), status: 302 });
  }
  // Not forced: built pages and assets shadow the catch-all, as on Netlify.
  rules.push({ from: '/*', to: mainSiteUrl, status: 302 });
  return rules;
}

export function formatRedirects(rules: readonly RedirectRule[]): string {
  const header = '# Generated at build from the school registry. Do not edit.\n';
  return header + rules.map((rule) => `${rule.from}  ${rule.to}  ${rule.status}${rule.force ? '!' : ''}`).join('\n') + '\n';
}
