/**
 * Every route of every built school, walked through Netlify's own engine code over dist/ and
 * netlify.toml (the local stack's engine, in this process): pages, trailing slashes, legacy
 * aliases and sub-paths, fan-plans, giveaway ids, the catch-all and missing assets. Fails on a
 * loop or a redirect chain longer than two hops. Every page (every school's page types, the pages
 * of no school, the 404 page served for a missing asset) carries HSTS and its one policy, with its
 * header rules matched as netlify-cli's engine matches them (the served file) and as the CDN
 * documents it (the path asked for).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetlifySite } from '../../scripts/local-stack/site/netlify-engine.ts';
import { inlineHashes } from '../../src/lib/security/inline-hashes.ts';
import {
  MAX_HOPS,
  MISSING_ASSETS,
  mainSiteOf,
  mainSitePaths,
  schoolRedirectLandings,
  walk as walkOn,
} from '../route-walk.ts';
import {
  ADDRESSED_BARE_PAGES,
  BARE_PAGES,
  DIST,
  buildReport,
  schoolPages,
  headingTexts,
  parseHtml,
} from './helpers.ts';

const ORIGIN = 'http://localhost:4321';
const site = createNetlifySite({ distDir: DIST, netlifyToml: join(process.cwd(), 'netlify.toml') });
const report = buildReport();
const walk = (path: string) => walkOn((request) => site.handle(request), ORIGIN, path);

const redirects = readFileSync(join(DIST, '_redirects'), 'utf8');
const mainSite = mainSiteOf(redirects);

describe("retired schools on Netlify's engine", () => {
  // The build report lists them (the bundled content keeps one, so that this walk always runs:
  // wildcatsmobile, whose successor is kentuckymobile); each address, bare or with a sub-path, is one 301.
  const retired = report.retired ?? [];
  it("each retired school's slug and old addresses answer one 301 to where it now goes", async () => {
    expect(retired.length, 'a retired school in the build').toBeGreaterThan(0);
    for (const school of retired) {
      for (const name of [school.seoSlug, ...school.legacyAliases]) {
        for (const path of [`/${name}`, `/${name}/`, `/${name}/student`, `/${name}/fan-plans`]) {
          const response = await site.handle(new Request(new URL(path, ORIGIN)));
          await response.text();
          const location = new URL(response.headers.get('location') ?? '', ORIGIN).href;
          expect({ path, status: response.status, location }).toEqual({
            path,
            status: 301,
            location: new URL(school.redirectTo, ORIGIN).href,
          });
          // One hop: the target is a page (or another site).
          expect((await walk(path)).hops, path).toHaveLength(1);
        }
      }
    }
  });
});

describe("every route of every school on Netlify's engine", () => {
  it('has the schools and the main site to walk', () => {
    expect(report.schools.length).toBeGreaterThan(0);
    expect(mainSite).toMatch(/^https:\/\//);
  });

  for (const school of report.schools) {
    const pages = schoolPages(school).map((page) => page.path);

    it(`${school.seoSlug}: each page is 200 at its bare path and at its path with a slash (canonical without)`, async () => {
      for (const page of pages) {
        const bare = await walk(page);
        expect({ page, status: bare.status, hops: bare.hops.length }).toEqual({
          page,
          status: 200,
          hops: 0,
        });
        const slash = await walk(`${page}/`);
        expect({ page: `${page}/`, status: slash.status, hops: slash.hops.length }).toEqual({
          page: `${page}/`,
          status: 200,
          hops: 0,
        });
        // The page served at the slashed path names the bare path as its canonical URL.
        const canonical = parseHtml(slash.body)
          .querySelector('link[rel="canonical"]')
          ?.getAttribute('href');
        expect(canonical && new URL(canonical).pathname, `${page}/`).toBe(page);
      }
    });

    it(`${school.seoSlug}: fan-plans, legacy sub-paths and giveaway ids land on the right page within ${MAX_HOPS} hops`, async () => {
      for (const [from, to] of schoolRedirectLandings(report, school, redirects)) {
        const result = await walk(from);
        expect({ from, status: result.status, at: new URL(result.finalUrl).pathname }).toEqual({
          from,
          status: 200,
          at: to,
        });
      }
    });
  }

  it('legacy giveawayentry paths without a redirect (beavs, bears) and unknown paths go to the main site', async () => {
    for (const path of mainSitePaths(redirects)) {
      const result = await walk(path);
      expect({ path, status: result.status, to: result.finalUrl.replace(/\/$/, '') }).toEqual({
        path,
        status: 302,
        to: mainSite.replace(/\/$/, ''),
      });
    }
  });

  it("a missing file under the site's own asset paths is a 404 with the branded page; existing assets are served", async () => {
    for (const path of MISSING_ASSETS) {
      const result = await walk(path);
      expect({ path, status: result.status, hops: result.hops.length }).toEqual({
        path,
        status: 404,
        hops: 0,
      });
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

describe("every page's security headers on Netlify's engine", () => {
  const NETLIFY_TOML = join(process.cwd(), 'netlify.toml');
  /** netlify-cli's engine matches a static file's header rules to the file served, the CDN to the path asked for. */
  const engines = {
    'the served file (netlify-cli)': site,
    'the path asked for (CDN)': createNetlifySite({
      distDir: DIST,
      netlifyToml: NETLIFY_TOML,
      matchHeadersOn: 'request',
    }),
  } as const;
  const config = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as {
    headers: Array<{ for: string; values: Record<string, string> }>;
  };
  const HSTS =
    config.headers.find((block) => block.for === '/*')?.values['Strict-Transport-Security'] ?? '';
  let rules: Header[] = [];
  /** Responses checked per matching, and the pages they were (by address; the 404 page also by each missing asset). */
  const checked = new Map<string, Set<string>>(
    Object.keys(engines).map((name) => [name, new Set()]),
  );
  const pagesChecked = new Set<string>();

  beforeAll(async () => {
    const parsed = await parseAllHeaders({
      headersFiles: [join(DIST, '_headers')],
      netlifyConfigPath: NETLIFY_TOML,
      configHeaders: undefined,
      minimal: false,
    });
    expect(parsed.errors).toEqual([]);
    rules = parsed.headers as Header[];
  });

  /** The policy the build wrote for a page's address (the one rule of dist/_headers that names it). */
  function policyWrittenFor(page: string): string {
    const policies = rules
      .filter((rule) => rule.forRegExp.test(page))
      .flatMap((rule) =>
        Object.entries(rule.values)
          .filter(([name]) => name.toLowerCase() === 'content-security-policy')
          .map(([, value]) => String(value)),
      );
    expect(policies, `${page}: one CSP rule`).toHaveLength(1);
    return policies[0] as string;
  }

  /**
   * The page at `path` (a form of `page`) carries HSTS and exactly the policy written for `page`,
   * which allows each of the body's own inline scripts and styles by hash and frames nothing.
   */
  async function expectPageHeaders(
    engine: keyof typeof engines,
    path: string,
    page: string,
    status = 200,
  ) {
    const response = await engines[engine].handle(new Request(new URL(path, ORIGIN)));
    const body = await response.text();
    const policy = response.headers.get('content-security-policy');
    expect({
      path,
      status: response.status,
      hsts: response.headers.get('strict-transport-security'),
      policy,
    }).toEqual({ path, status, hsts: HSTS, policy: policyWrittenFor(page) });
    const directives = new Map(
      (policy ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    );
    const inline = inlineHashes(body);
    for (const hash of inline.scripts)
      expect(directives.get('script-src'), `${path}: inline script ${hash}`).toContain(`'${hash}'`);
    for (const hash of inline.styles)
      expect(directives.get('style-src'), `${path}: inline style ${hash}`).toContain(`'${hash}'`);
    expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
    checked.get(engine)?.add(path);
    pagesChecked.add(page);
  }

  for (const engine of Object.keys(engines) as Array<keyof typeof engines>) {
    it(`pages of no school, at both forms, and the 404 page (rules matched to ${engine})`, async () => {
      for (const page of ADDRESSED_BARE_PAGES) {
        await expectPageHeaders(engine, page, page);
        if (page !== '/') await expectPageHeaders(engine, `${page}/`, page);
      }
      await expectPageHeaders(engine, BARE_PAGES['404'], BARE_PAGES['404']);
    });

    it(`the 404 page served for a missing asset (rules matched to ${engine})`, async () => {
      for (const path of MISSING_ASSETS) {
        if (engine === 'the served file (netlify-cli)') {
          await expectPageHeaders(engine, path, BARE_PAGES['404'], 404);
        } else {
          // The CDN's documented matching gives the asset folder's rules (no page policy): HSTS only.
          const response = await engines[engine].handle(new Request(new URL(path, ORIGIN)));
          await response.arrayBuffer();
          expect({
            path,
            status: response.status,
            hsts: response.headers.get('strict-transport-security'),
          }).toEqual({ path, status: 404, hsts: HSTS });
          checked.get(engine)?.add(path);
        }
      }
    });

    for (const school of report.schools) {
      it(`${school.seoSlug}: every page, at both forms (rules matched to ${engine})`, async () => {
        for (const { path } of schoolPages(school)) {
          await expectPageHeaders(engine, path, path);
          await expectPageHeaders(engine, `${path}/`, path);
        }
      });
    }
  }

  afterAll(() => {
    if (pagesChecked.size === 0) return;
    const schoolPageCount = [...pagesChecked].filter((page) =>
      report.schools.some(
        (school) => page === `/${school.seoSlug}` || page.startsWith(`/${school.seoSlug}/`),
      ),
    ).length;
    const counts = [...checked].map(
      ([engine, paths]) => `${paths.size} responses with rules matched to ${engine}`,
    );
    console.log(
      `Security headers (HSTS and the page's one policy) checked on ${pagesChecked.size} pages (${schoolPageCount} school pages of ${report.schools.length} schools, ${pagesChecked.size - schoolPageCount} of no school) and on the 404 page at ${MISSING_ASSETS.length} missing assets: ${counts.join('; ')}`,
    );
  });
});
