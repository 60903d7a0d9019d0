/**
 * The Content-Security-Policy of the built site: every page is matched by exactly one CSP rule
 * (dist/_headers and netlify.toml, parsed by Netlify's own parser, which joins a header named by
 * two matching rules into two policies), that policy allows each inline script and style of
 * the page by hash and nothing inline otherwise, and Netlify's engine sends it with the page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNetlifySite } from '../../scripts/local-stack/site/netlify-engine.ts';
import { publicApiBase } from '../../src/lib/config/env.ts';
import { DIST, SCHOOL_ROUTES, pageDocument, pageFile } from './helpers.ts';

const NETLIFY_TOML = join(process.cwd(), 'netlify.toml');
const HEADERS_FILE = join(DIST, '_headers');

/** Every HTML page in dist/ by the path Netlify serves it at (`a/b.html` at `/a/b`). */
function servedPaths(dir = DIST, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return ['_astro', 'content-images', 'backgrounds'].includes(entry.name) && prefix === ''
        ? []
        : servedPaths(join(dir, entry.name), `${prefix}/${entry.name}`);
    if (!entry.name.endsWith('.html')) return [];
    const name = entry.name.slice(0, -'.html'.length);
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`];
  });
}

const pages = servedPaths();
/** The path of the file a page is served from (`/search.html`): what netlify-cli matches rules to. */
const fileOf = (path: string) => `/${relative(DIST, pageFile(path)).split('\\').join('/')}`;
let rules: Header[] = [];

beforeAll(async () => {
  const parsed = await parseAllHeaders({
    headersFiles: [HEADERS_FILE],
    netlifyConfigPath: NETLIFY_TOML,
    configHeaders: undefined,
    minimal: false,
  });
  expect(parsed.errors).toEqual([]);
  rules = parsed.headers as Header[];
});

/** The CSP values of every rule that matches the path (Netlify sends them all, comma-joined). */
const policiesFor = (path: string) =>
  rules
    .filter((rule) => rule.forRegExp.test(path))
    .flatMap((rule) =>
      Object.entries(rule.values)
        .filter(([name]) => name.toLowerCase() === 'content-security-policy')
        .map(([, value]) => String(value)),
    );

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0] ?? '', part.split(/\s+/).slice(1)]),
  );
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const DATA_BLOCK = /^application\/(ld\+)?json$/i;

describe('dist/_headers', () => {
  it('exists and stays small: a rule per kind of page (address and file), none per school', () => {
    expect(existsSync(HEADERS_FILE)).toBe(true);
    expect(pages.length).toBeGreaterThan(60);
    const cspRules = rules.filter((rule) =>
      Object.keys(rule.values).some((name) => name.toLowerCase() === 'content-security-policy'),
    );
    // `/`, `/:page` (landing pages and the pages of no school), each school route's address and
    // file, the search's state pages, and the content SVGs' own rule: the same at any number of schools.
    expect(cspRules.length).toBeLessThanOrEqual(2 + 2 * SCHOOL_ROUTES.length + 1 + 1);
    const schools = new Set(
      pages
        .map((path) => path.split('/')[1] ?? '')
        .filter((segment) => pages.includes(`/${segment}/why`)),
    );
    expect(cspRules.filter((rule) => [...schools].some((slug) => rule.for.includes(slug)))).toEqual(
      [],
    );
  });

  it('matches every built page, with or without a trailing slash and as its file, by exactly one policy, the same', () => {
    const counts = pages
      .flatMap((path) => [path, `${path.replace(/\/$/, '')}/`, fileOf(path)])
      .map((path) => [path, policiesFor(path).length] as const);
    expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
    expect(pages.filter((path) => policiesFor(fileOf(path))[0] !== policiesFor(path)[0])).toEqual(
      [],
    );
  });

  it.each(pages)(
    '%s: scripts and styles from the site or by the hash of its own inline blocks, framed by nobody',
    (path) => {
      const [policy = ''] = policiesFor(path);
      const csp = directives(policy);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'https://cdn.sanity.io']);
      expect(csp.get('connect-src')).toEqual(["'self'", new URL(publicApiBase()).origin]);
      const document = pageDocument(path);
      // Only coverage pages may load a frame: the map hosts content names (its own among them).
      const embed = document.querySelector('[data-embed-url]')?.getAttribute('data-embed-url');
      if (embed) expect(csp.get('frame-src')).toContain(new URL(embed).origin);
      if (!path.endsWith('/coverage-map')) expect(csp.has('frame-src')).toBe(false);
      const scripts = [...document.querySelectorAll('script:not([src])')].filter(
        (script) =>
          !DATA_BLOCK.test(script.getAttribute('type') ?? '') && script.textContent !== '',
      );
      const styles = [...document.querySelectorAll('style')];
      for (const script of scripts)
        expect(csp.get('script-src'), `script ${script.textContent?.slice(0, 40)}`).toContain(
          hashOf(script.textContent ?? ''),
        );
      for (const style of styles)
        expect(csp.get('style-src'), `style ${style.textContent?.slice(0, 40)}`).toContain(
          hashOf(style.textContent ?? ''),
        );
      expect(csp.get('script-src')?.[0]).toBe("'self'");
      expect(csp.get('style-src')?.[0]).toBe("'self'");
    },
  );

  it('leaves the content SVGs their own sandbox policy, and no other', () => {
    const svg = readdirSync(join(DIST, 'content-images')).find((name) => name.endsWith('.svg'));
    expect(svg).toBeDefined();
    expect(policiesFor(`/content-images/${svg}`)).toEqual([
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    ]);
  });
});

describe("served through Netlify's engine", () => {
  const site = createNetlifySite({
    distDir: DIST,
    netlifyToml: NETLIFY_TOML,
    warn: (message) => {
      throw new Error(message);
    },
  });

  it('sends each page with its one policy and never serves _headers', async () => {
    for (const path of pages) {
      const answer = await site.handle(new Request(`http://localhost:4321${path}`));
      await answer.arrayBuffer();
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-security-policy'), path).toBe(policiesFor(path)[0]);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
    }
    const headersFile = await site.handle(new Request('http://localhost:4321/_headers'));
    expect(headersFile.status).not.toBe(200);
    expect(await headersFile.text()).not.toContain('Content-Security-Policy');
  });

  it('keeps one cache rule and one nosniff on assets and content SVGs', async () => {
    const asset = readdirSync(join(DIST, '_astro')).find((name) => name.endsWith('.js'));
    const svg = readdirSync(join(DIST, 'content-images')).find((name) => name.endsWith('.svg'));
    const script = await site.handle(new Request(`http://localhost:4321/_astro/${asset}`));
    await script.arrayBuffer();
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const image = await site.handle(new Request(`http://localhost:4321/content-images/${svg}`));
    await image.arrayBuffer();
    expect(image.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("caches a school's theme stylesheet for good (named by its content) and checks the search's cards on each use", async () => {
    const theme = readdirSync(join(DIST, '_astro')).find((name) =>
      name.startsWith('school-theme.'),
    );
    expect(theme).toBeDefined();
    const sheet = await site.handle(new Request(`http://localhost:4321/_astro/${theme}`));
    expect(await sheet.text()).toMatch(/^html\[data-school\]\{--school-primary:/);
    expect(sheet.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const cards = await site.handle(new Request('http://localhost:4321/search-schools.json'));
    await cards.arrayBuffer();
    expect(cards.status).toBe(200);
    expect(cards.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // A top-level file gets `/:page`'s policy (harmless on JSON), and only that one.
    expect(cards.headers.get('content-security-policy')).not.toContain(',');
  });
});
