/**
 * Every route of every built school, walked through Netlify's own engine code over dist/ and
 * netlify.toml (the local stack's engine, in this process): pages, trailing slashes, legacy
 * aliases and sub-paths, fan-plans, giveaway ids, the catch-all and missing assets. Fails on a
 * loop or a redirect chain longer than two hops.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNetlifySite } from '../../scripts/local-stack/site/netlify-engine.ts';
import { LEGACY_SUBPATHS } from '../../src/lib/routing/redirects.ts';
import { DIST, buildReport, schoolPages, headingTexts, parseHtml } from './helpers.ts';

const ORIGIN = 'http://localhost:4321';
const site = createNetlifySite({ distDir: DIST, netlifyToml: join(process.cwd(), 'netlify.toml') });
const report = buildReport();
const MAX_HOPS = 2;

interface Walk { hops: string[]; status: number; finalUrl: string; body: string }

async function walk(path: string): Promise<Walk> {
  const hops: string[] = [];
  let url = new URL(path, ORIGIN);
  for (;;) {
    const response = await site.handle(new Request(url));
    const body = await response.text();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) return { hops, status: response.status, finalUrl: url.href, body };
    const next = new URL(location, url);
    if (hops.includes(next.href) || next.href === url.href) throw new Error(`redirect loop from ${path}: ${[...hops, next.href].join(' → ')}`);
    hops.push(next.href);
    if (hops.length > MAX_HOPS) throw new Error(`more than ${MAX_HOPS} hops from ${path}: ${hops.join(' → ')}`);
    if (next.origin !== ORIGIN) return { hops, status: response.status, finalUrl: next.href, body: '' };
    url = next;
  }
}

/** A school's legacy prefixes: its aliases, from the school registry in the built dataset (via _redirects). */
function aliasesOf(seoSlug: string, redirects: string): string[] {
  // A retired school's addresses may point at this school too: those are walked as retired.
  const retiredNames = new Set((report.retired ?? []).flatMap((school) => [school.seoSlug, ...school.legacyAliases]));
  return [...redirects.matchAll(new RegExp(`^/([^/\\s]+)  /${seoSlug}  301$`, 'gm'))].map((match) => match[1] as string).filter((name) => !retiredNames.has(name));
}

const redirects = readFileSync(join(DIST, '_redirects'), 'utf8');
const mainSite = /^\/\*  (\S+)  302$/m.exec(redirects)?.[1] ?? '';

describe('retired schools on Netlify\'s engine', () => {
  // The build report lists them (the bundled content has none); each address, bare or with a sub-path, is one 301.
  const retired = report.retired ?? [];
  it.skipIf(retired.length === 0)('each retired school\'s slug and old addresses answer one 301 to where it now goes', async () => {
    for (const school of retired) {
      for (const name of [school.seoSlug, ...school.legacyAliases]) {
        for (const path of [`/${name}`, `/${name}/`, `/${name}/student`, `/${name}/fan-plans`]) {
          const response = await site.handle(new Request(new URL(path, ORIGIN)));
          await response.text();
          const location = new URL(response.headers.get('location') ?? '', ORIGIN).href;
          expect({ path, status: response.status, location }).toEqual({ path, status: 301, location: new URL(school.redirectTo, ORIGIN).href });
          // One hop: the target is a page (or another site).
          expect((await walk(path)).hops, path).toHaveLength(1);
        }
      }
    }
  });
});

describe('every route of every school on Netlify\'s engine', () => {
  it('has the schools and the main site to walk', () => {
    expect(report.schools.length).toBeGreaterThan(0);
    expect(mainSite).toMatch(/^https:\/\//);
  });

  for (const school of report.schools) {
    const base = `/${school.seoSlug}`;
    const pages = schoolPages(school).map((page) => page.path);
    const entry = school.giveaway.includes('/giveaway-entry/') ? school.giveaway : undefined;

    it(`${school.seoSlug}: each page is 200 at its bare path and at its path with a slash (canonical without)`, async () => {
      for (const page of pages) {
        const bare = await walk(page);
        expect({ page, status: bare.status, hops: bare.hops.length }).toEqual({ page, status: 200, hops: 0 });
        const slash = await walk(`${page}/`);
        expect({ page: `${page}/`, status: slash.status, hops: slash.hops.length }).toEqual({ page: `${page}/`, status: 200, hops: 0 });
        // The page served at the slashed path names the bare path as its canonical URL.
        const canonical = parseHtml(slash.body).querySelector('link[rel="canonical"]')?.getAttribute('href');
        expect(canonical && new URL(canonical).pathname, `${page}/`).toBe(page);
      }
    });

    it(`${school.seoSlug}: fan-plans, legacy sub-paths and giveaway ids land on the right page within ${MAX_HOPS} hops`, async () => {
      const expectations: Array<[string, string]> = [[`${base}/fan-plans`, `${base}/fan`]];
      for (const prefix of [school.seoSlug, ...aliasesOf(school.seoSlug, redirects)]) {
        const isAlias = prefix !== school.seoSlug;
        if (isAlias) expectations.push([`/${prefix}`, base], [`/${prefix}/`, base]);
        for (const [legacy, current] of LEGACY_SUBPATHS) {
          if (!isAlias && legacy === current) continue;
          expectations.push([`/${prefix}/${legacy}`, current ? `${base}/${current}` : base]);
        }
      }
      expectations.push([`${base}/giveaway-entry/00000000-0000-4000-8000-000000000000`, `${base}/giveaway-closed`]);
      if (entry) expectations.push([entry.replace('/giveaway-entry/', '/giveawayentry/'), entry]);
      for (const [from, to] of expectations) {
        const result = await walk(from);
        expect({ from, status: result.status, at: new URL(result.finalUrl).pathname }).toEqual({ from, status: 200, at: to });
      }
    });
  }

  it('legacy giveawayentry paths without a redirect (beavs, bears) and unknown paths go to the main site', async () => {
    const noEntry = [...redirects.matchAll(/^(\/[^/\s]+)\/giveawayentry\/\*  (\S+)  302$/gm)].map((match) => match[1] as string);
    for (const path of [...noEntry.map((prefix) => `${prefix}/giveawayentry/abc`), '/no-such-school', '/no-such-school/', '/no/such/path/at/all']) {
      const result = await walk(path);
      expect({ path, status: result.status, to: result.finalUrl.replace(/\/$/, '') }).toEqual({ path, status: 302, to: mainSite.replace(/\/$/, '') });
    }
  });

  it('a missing file under the site\'s own asset paths is a 404 with the branded page; existing assets are served', async () => {
    for (const path of ['/_astro/missing.js', '/_astro/fonts/missing.woff2', '/content-images/missing.webp', '/backgrounds/missing.jpg', '/favicon.ico']) {
      const result = await walk(path);
      expect({ path, status: result.status, hops: result.hops.length }).toEqual({ path, status: 404, hops: 0 });
      expect(headingTexts(parseHtml(result.body), 1), path).toEqual(['Not found']);
    }
    const asset = readdirSync(join(DIST, '_astro')).find((name) => name.endsWith('.js'));
    const served = await site.handle(new Request(`${ORIGIN}/_astro/${asset}`));
    await served.arrayBuffer();
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('the bare pages and the school search are 200 at both forms', async () => {
    for (const path of ['/', '/search', '/search/', '/default', '/default/']) {
      expect((await walk(path)).status, path).toBe(200);
    }
  });
});
