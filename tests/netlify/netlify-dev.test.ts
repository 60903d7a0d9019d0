/**
 * The suite's route walk (tests/route-walk.ts) through Netlify's own dev server, `netlify dev
 * --offline`, on a clean copy of the project with the suite's build in dist/: netlify.toml's [dev]
 * serves the built site and the site's functions, with netlify-cli's redirect matcher, its header
 * rules and its functions runtime, as a developer running Netlify's tool gets them. Every school's
 * pages at both forms, its legacy aliases and sub-paths, the main site's catch-all and missing
 * assets; every page's HSTS and its one policy (netlify-cli matches header rules to the file it
 * serves, docs/architecture.md); and each function's answer with its own security headers.
 */
import { cpSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_HEADERS } from '../../src/lib/functions/function-http.ts';
import { DIST, buildReport, headingTexts, parseHtml } from '../dist/helpers.ts';
import {
  MISSING_ASSETS,
  mainSiteOf,
  mainSitePaths,
  schoolPages,
  schoolRedirectLandings,
  walk as walkOn,
  type Answer,
} from '../route-walk.ts';
import { ADDRESSED_BARE_PAGES, BARE_PAGES } from '../school-pages.ts';
import {
  cleanCopy,
  removeCopy,
  requireNetlifyCli,
  startNetlifyDev,
  toolEnvironment,
  type NetlifyDev,
} from '../../scripts/support/netlify/cli.ts';

const report = buildReport();
const redirects = readFileSync(join(DIST, '_redirects'), 'utf8');
const mainSite = mainSiteOf(redirects);
const home = mkdtempSync(join(tmpdir(), 'netlify-dev-home-'));
let copy = '';
let dev: NetlifyDev | undefined;
let rules: Header[] = [];
const counted = { pages: 0, redirects: 0, mainSite: 0, missingAssets: 0, functions: 0 };

/** Every body is read in full: netlify dev closes the connection after each answer. */
const answer: Answer = (request) => fetch(request);
const walk = (path: string) => walkOn(answer, dev!.url, path);

beforeAll(async () => {
  requireNetlifyCli();
  copy = cleanCopy('dev');
  cpSync(DIST, join(copy, 'dist'), { recursive: true });
  const parsed = await parseAllHeaders({
    headersFiles: [join(DIST, '_headers')],
    netlifyConfigPath: join(copy, 'netlify.toml'),
    configHeaders: undefined,
    minimal: false,
  });
  expect(parsed.errors).toEqual([]);
  rules = parsed.headers as Header[];
  // The functions' settings as a developer's environment gives them (netlify dev hands its own to the functions).
  dev = await startNetlifyDev(
    copy,
    toolEnvironment(home, {
      SANITY_STUDIO_URL: 'http://localhost:3333',
      SANITY_WEBHOOK_SECRET: 'w'.repeat(40),
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'n'.repeat(40),
      EDITOR_PASS_SECRET: 'p'.repeat(40),
      NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:9/build-hook',
    }),
  );
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  if (copy) removeCopy(copy);
  rmSync(home, { recursive: true, force: true });
  console.log(
    `Route walk through netlify dev: ${counted.pages} page answers (each with HSTS and its policy), ${counted.redirects} old addresses landing on their page, ${counted.mainSite} paths to the main site, ${counted.missingAssets} missing assets, ${counted.functions} function answers`,
  );
});

/** The policy dist/_headers names for a page's address (exactly one rule). */
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

async function expectPage(path: string, page: string, status = 200) {
  const response = await answer(new Request(new URL(path, dev!.url), { redirect: 'manual' }));
  const body = await response.text();
  expect({
    path,
    status: response.status,
    hsts: response.headers.get('strict-transport-security'),
    policy: response.headers.get('content-security-policy'),
  }).toEqual({
    path,
    status,
    hsts: FUNCTION_HEADERS['strict-transport-security'],
    policy: policyWrittenFor(page),
  });
  counted.pages += 1;
  return body;
}

describe('every route of every school through netlify dev', () => {
  for (const school of report.schools) {
    it(`${school.seoSlug}: every page at both forms, with its headers; its old addresses land on their page`, async () => {
      for (const { path } of schoolPages(school)) {
        await expectPage(path, path);
        const body = await expectPage(`${path}/`, path);
        const canonical = parseHtml(body)
          .querySelector('link[rel="canonical"]')
          ?.getAttribute('href');
        expect(canonical && new URL(canonical).pathname, `${path}/`).toBe(path);
      }
      for (const [from, to] of schoolRedirectLandings(report, school, redirects)) {
        const result = await walk(from);
        expect({ from, status: result.status, at: new URL(result.finalUrl).pathname }).toEqual({
          from,
          status: 200,
          at: to,
        });
        counted.redirects += 1;
      }
    });
  }

  it("retired schools' addresses answer one 301 to where the school now goes", async () => {
    for (const school of report.retired ?? []) {
      for (const name of [school.seoSlug, ...school.legacyAliases]) {
        const result = await walk(`/${name}/student`);
        expect({ name, first: result.hops[0] }).toEqual({
          name,
          first: new URL(school.redirectTo, dev!.url).href,
        });
        counted.redirects += 1;
      }
    }
  });

  it('the pages of no school, with their headers; unknown paths go to the main site; missing assets are the branded 404', async () => {
    for (const page of ADDRESSED_BARE_PAGES) await expectPage(page, page);
    for (const path of mainSitePaths(redirects)) {
      const result = await walk(path);
      expect({ path, status: result.status, to: result.finalUrl.replace(/\/$/, '') }).toEqual({
        path,
        status: 302,
        to: mainSite.replace(/\/$/, ''),
      });
      counted.mainSite += 1;
    }
    for (const path of MISSING_ASSETS) {
      const body = await expectPage(path, BARE_PAGES['404'], 404);
      expect(headingTexts(parseHtml(body), 1), path).toEqual(['Not found']);
      counted.missingAssets += 1;
    }
  });
});

describe("the site's functions through netlify dev", () => {
  it('answer at their production paths, each with its own security headers', async () => {
    const calls: Array<[string, RequestInit, number]> = [
      ['/api/publish-status?ids=huskymobile-faqs', {}, 200],
      ['/api/deploys', {}, 200],
      ['/api/deploy-notification', {}, 405],
      [
        '/.netlify/functions/rebuild-on-publish',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        401,
      ],
    ];
    for (const [path, init, status] of calls) {
      const response = await fetch(new URL(path, dev!.url), init);
      const body = await response.text();
      const own = Object.fromEntries(
        Object.keys(FUNCTION_HEADERS)
          .filter((name) => name !== 'content-type' && name !== 'cache-control')
          .map((name) => [name, response.headers.get(name)]),
      );
      expect({ path, status: response.status, headers: own }, body).toEqual({
        path,
        status,
        headers: Object.fromEntries(Object.keys(own).map((name) => [name, FUNCTION_HEADERS[name]])),
      });
      counted.functions += 1;
    }
  });
});
