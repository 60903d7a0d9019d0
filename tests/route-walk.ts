/**
 * The route walk, for any server that answers like Netlify: every page of every built school at
 * its bare path and with a slash, fan-plans, legacy aliases and sub-paths, giveaway ids, the
 * catch-all to the main site and missing assets, following redirects within MAX_HOPS and failing
 * on a loop. What is expected comes from the build (its report and dist/_redirects), never from a
 * list here. Run over Netlify's engine packages in-process (tests/dist/route-walk.test.ts) and
 * through Netlify's own dev server (tests/netlify/netlify-dev.test.ts).
 */
import type { BuildReport } from '../src/lib/build/report.ts';
import { LEGACY_SUBPATHS } from '../src/lib/routing/redirects.ts';
import { schoolPages } from './school-pages.ts';

export const MAX_HOPS = 2;
/** Files under the site's own asset folders that do not exist: each is a 404 with the branded page. */
export const MISSING_ASSETS = [
  '/_astro/missing.js',
  '/_astro/fonts/missing.woff2',
  '/content-images/missing.webp',
  '/backgrounds/missing.jpg',
  '/favicon.ico',
];

export type Answer = (request: Request) => Promise<Response>;
export interface Walk {
  hops: string[];
  status: number;
  finalUrl: string;
  body: string;
}

/** Follows redirects from `path` on `origin` (within MAX_HOPS; a loop throws); stops at another site. */
export async function walk(answer: Answer, origin: string, path: string): Promise<Walk> {
  const hops: string[] = [];
  let url = new URL(path, origin);
  for (;;) {
    const response = await answer(new Request(url, { redirect: 'manual' }));
    const body = await response.text();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null)
      return { hops, status: response.status, finalUrl: url.href, body };
    const next = new URL(location, url);
    if (hops.includes(next.href) || next.href === url.href)
      throw new Error(`redirect loop from ${path}: ${[...hops, next.href].join(' → ')}`);
    hops.push(next.href);
    if (hops.length > MAX_HOPS)
      throw new Error(`more than ${MAX_HOPS} hops from ${path}: ${hops.join(' → ')}`);
    if (next.origin !== url.origin)
      return { hops, status: response.status, finalUrl: next.href, body: '' };
    url = next;
  }
}

/** The main site every unknown path goes to (the catch-all rule of dist/_redirects). */
export function mainSiteOf(redirects: string): string {
  return /^\/\* {2}(\S+) {2}302$/m.exec(redirects)?.[1] ?? '';
}

/** A school's legacy prefixes: its aliases (from dist/_redirects), without any a retired school also answers to. */
export function aliasesOf(report: BuildReport, seoSlug: string, redirects: string): string[] {
  const retiredNames = new Set(
    (report.retired ?? []).flatMap((school) => [school.seoSlug, ...school.legacyAliases]),
  );
  return [...redirects.matchAll(new RegExp(`^/([^/\\s]+)  /${seoSlug}  301$`, 'gm'))]
    .map((match) => match[1] as string)
    .filter((name) => !retiredNames.has(name));
}

/** Old and renamed addresses of one school, each with the page (path) it must land on with a 200. */
export function schoolRedirectLandings(
  report: BuildReport,
  school: BuildReport['schools'][number],
  redirects: string,
): Array<[from: string, to: string]> {
  const base = `/${school.seoSlug}`;
  const entry = school.giveaway.includes('/giveaway-entry/') ? school.giveaway : undefined;
  const landings: Array<[string, string]> = [[`${base}/fan-plans`, `${base}/fan`]];
  for (const prefix of [school.seoSlug, ...aliasesOf(report, school.seoSlug, redirects)]) {
    const isAlias = prefix !== school.seoSlug;
    if (isAlias) landings.push([`/${prefix}`, base], [`/${prefix}/`, base]);
    for (const [legacy, current] of LEGACY_SUBPATHS) {
      if (!isAlias && legacy === current) continue;
      landings.push([`/${prefix}/${legacy}`, current ? `${base}/${current}` : base]);
    }
  }
  const unknownId = '00000000-0000-4000-8000-000000000000';
  landings.push([`${base}/giveaway-entry/${unknownId}`, `${base}/giveaway-closed`]);
  // Legacy entry links, under the school's address and under each alias that keeps them (beavs and
  // bears send theirs to the main site: mainSitePaths).
  const noEntry = new Set(mainSitePaths(redirects).map((path) => path.split('/')[1]));
  for (const prefix of [
    school.seoSlug,
    ...aliasesOf(report, school.seoSlug, redirects).filter((alias) => !noEntry.has(alias)),
  ]) {
    landings.push([`/${prefix}/giveawayentry/${unknownId}`, `${base}/giveaway-closed`]);
    if (entry)
      landings.push([
        entry.replace(base, `/${prefix}`).replace('/giveaway-entry/', '/giveawayentry/'),
        entry,
      ]);
  }
  return landings;
}

/** Paths that go to the main site: legacy giveawayentry paths without a rule (beavs, bears) and unknown paths. */
export function mainSitePaths(redirects: string): string[] {
  const noEntry = [...redirects.matchAll(/^(\/[^/\s]+)\/giveawayentry\/\* {2}(\S+) {2}302$/gm)].map(
    (match) => match[1] as string,
  );
  return [
    ...noEntry.map((prefix) => `${prefix}/giveawayentry/abc`),
    '/no-such-school',
    '/no-such-school/',
    '/no/such/path/at/all',
  ];
}

export { schoolPages };
