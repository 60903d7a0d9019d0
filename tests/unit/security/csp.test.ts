import { createHash } from 'node:crypto';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHeaderValue } from '../../../src/lib/security/csp.ts';
import {
  cspHeaderRules,
  formatCspHeaders,
  headerPathPattern,
  pageRulePaths,
  type BuiltPage,
} from '../../../src/lib/security/csp-headers.ts';
import { inlineHashes, sha256Source } from '../../../src/lib/security/inline-hashes.ts';

const SOURCES = { apiBase: 'https://api.example/k1mobile', analyticsHosts: [] };
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .map((part) => [part.split(' ')[0], part]),
  );

describe('sha256Source', () => {
  it('is the CSP source of the text, the same when asked again', () => {
    expect(sha256Source('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
    expect(sha256Source('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
    expect(sha256Source('b')).not.toBe(sha256Source('a'));
  });
});

describe('inlineHashes', () => {
  it('hashes inline scripts the browser runs and inline styles, not data blocks or linked files', () => {
    const html =
      '<head><script type="application/ld+json">{"a":1}</script><style>p{color:red}</style>' +
      '<script type="module" src="/_astro/a.js"></script></head><body><script>go()</script><script type="module">x()</script><style>p{color:red}</style></body>';
    expect(inlineHashes(html)).toEqual({
      scripts: [sha256Source('go()'), sha256Source('x()')],
      styles: [sha256Source('p{color:red}')],
    });
  });

  it('hashes the UTF-8 bytes of a page read from disk the same as its text, and skips tags that only start alike', () => {
    const html =
      '<p>Café – “quotes”</p><scripts>no()</scripts><style>q::before{content:"→"}</style><script>say("é")</script>';
    const fromText = inlineHashes(html);
    expect(inlineHashes(Buffer.from(html, 'utf8'))).toEqual(fromText);
    expect(fromText).toEqual({
      scripts: [sha256Source('say("é")')],
      styles: [sha256Source('q::before{content:"→"}')],
    });
    // The hash a browser computes: SHA-256 over the UTF-8 bytes, base64.
    expect(sha256Source('→')).toBe(
      `sha256-${createHash('sha256').update(Buffer.from('→', 'utf8')).digest('base64')}`,
    );
  });
});

describe('cspHeaderValue', () => {
  it('allows inline code by hash only, connects to the site, the API and analytics, and is framed by nobody', () => {
    const policy = directives(
      cspHeaderValue(
        { apiBase: 'https://api.example/k1mobile', analyticsHosts: ['https://api.segment.io/v1'] },
        { scripts: ['sha256-s'], styles: ['sha256-t', 'sha256-t'] },
      ),
    );
    expect(policy.get('script-src')).toBe("script-src 'self' 'sha256-s'");
    expect(policy.get('style-src')).toBe("style-src 'self' 'sha256-t'");
    expect(policy.get('connect-src')).toBe(
      "connect-src 'self' https://api.example https://api.segment.io",
    );
    expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy.get('object-src')).toBe("object-src 'none'");
    expect(policy.get('base-uri')).toBe("base-uri 'none'");
    expect(policy.get('form-action')).toBe("form-action 'self'");
    expect(policy.has('frame-src')).toBe(false);
    expect([...policy.values()].join(';')).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('allows the frame hosts a kind of page embeds, each once', () => {
    expect(
      directives(
        cspHeaderValue(SOURCES, { scripts: [], styles: [] }, 'https://maps.example/embed?x=1'),
      ).get('frame-src'),
    ).toBe('frame-src https://maps.example');
    expect(
      directives(
        cspHeaderValue(SOURCES, { scripts: [], styles: [] }, [
          'https://b.example/1',
          'https://a.example/x',
          'https://b.example/2',
        ]),
      ).get('frame-src'),
    ).toBe('frame-src https://a.example https://b.example');
  });
});

/** A built page, served from `path.html` (`/index.html` for `/`) as the build writes it. */
function page(path: string, scripts: string[] = [], frameUrl?: string): BuiltPage {
  return {
    path,
    file: path === '/' ? '/index.html' : `${path}.html`,
    inline: { scripts, styles: [] },
    frameUrl,
  };
}

/** The forms Netlify matches a page's rules against: its address (the CDN), with a slash, and its file (netlify-cli). */
const formsOf = ({ path, file }: BuiltPage) => [
  path,
  `${path.replace(/\/$/, '')}/`,
  ...(file ? [file] : []),
];
const policyOf = (
  inline: { scripts: readonly string[]; styles: readonly string[] },
  frameUrls: readonly string[],
) => cspHeaderValue(SOURCES, inline, frameUrls);

/** The CSP values Netlify would send for a path: one per matching rule (parsed by Netlify's own parser). */
async function policiesFor(text: string, path: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'csp-headers-'));
  writeFileSync(join(dir, '_headers'), text);
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [join(dir, '_headers')],
    configHeaders: undefined,
    minimal: false,
  });
  expect(errors).toEqual([]);
  return (headers as Header[])
    .filter((rule) => rule.forRegExp.test(path))
    .flatMap((rule) =>
      Object.entries(rule.values)
        .filter(([name]) => name === 'Content-Security-Policy')
        .map(([, value]) => value),
    );
}

const ROUTES = ['', 'student', 'why', 'coverage-map', 'giveaway-entry/:id'];
const RULES = pageRulePaths(ROUTES, ['search/:group']);
const ASSETS = [
  '/_astro/app.js',
  '/_astro/school-theme.abc.css',
  '/content-images/logo.svg',
  '/backgrounds/a.webp',
];

/** A school's pages, as every school of the site has them (its inline scripts are its kind of page's). */
function schoolSite(
  slug: string,
  { entry = false, map }: { entry?: boolean; map?: string } = {},
): BuiltPage[] {
  return [
    page(`/${slug}`, ['sha256-landing']),
    page(`/${slug}/student`, ['sha256-plans']),
    page(`/${slug}/why`),
    page(`/${slug}/coverage-map`, ['sha256-map'], map),
    ...(entry ? [page(`/${slug}/giveaway-entry/e-1`, ['sha256-form'])] : []),
  ];
}
const BARE = [
  page('/'),
  page('/search', ['sha256-search']),
  page('/search/washington'),
  page('/404'),
];

describe('cspHeaderRules', () => {
  it('writes one rule per kind of page, the same lines whatever the number of schools', () => {
    const two = formatCspHeaders(
      cspHeaderRules(
        [...BARE, ...schoolSite('a-mobile', { entry: true }), ...schoolSite('b-mobile')],
        RULES,
        policyOf,
        ASSETS,
      ),
    );
    const many = formatCspHeaders(
      cspHeaderRules(
        [
          ...BARE,
          ...Array.from({ length: 50 }, (_, index) =>
            schoolSite(`school-${index}`, { entry: index % 2 === 0 }),
          ).flat(),
        ],
        RULES,
        policyOf,
        ASSETS,
      ),
    );
    expect(many).toBe(two);
    expect(
      cspHeaderRules(
        [...BARE, ...schoolSite('a-mobile', { entry: true })],
        RULES,
        policyOf,
        ASSETS,
      ).map((rule) => rule.for),
    ).toEqual([
      '/',
      '/:page',
      '/:school/student',
      '/:school/student.html',
      '/:school/why',
      '/:school/why.html',
      '/:school/coverage-map',
      '/:school/coverage-map.html',
      '/:school/giveaway-entry/:id',
      '/search/:group',
    ]);
  });

  it("matches every page, in each form, by exactly one policy, as Netlify's parser reads the file; no asset folder", async () => {
    const pages = [
      ...BARE,
      ...schoolSite('a-mobile', { entry: true }),
      ...schoolSite('cubby'),
      ...schoolSite('cubbymobile'),
    ];
    const text = formatCspHeaders(cspHeaderRules(pages, RULES, policyOf, ASSETS));
    for (const path of pages.flatMap(formsOf))
      expect(await policiesFor(text, path), path).toHaveLength(1);
    for (const path of ASSETS) expect(await policiesFor(text, path), path).toEqual([]);
  });

  it('gives each kind of page the union of its inline hashes, and only its own', async () => {
    const text = formatCspHeaders(
      cspHeaderRules(
        [...BARE, ...schoolSite('a-mobile', { entry: true }), ...schoolSite('b-mobile')],
        RULES,
        policyOf,
        ASSETS,
      ),
    );
    const [student] = await policiesFor(text, '/b-mobile/student');
    expect(directives(student ?? '').get('script-src')).toBe("script-src 'self' 'sha256-plans'");
    const [landing] = await policiesFor(text, '/b-mobile.html');
    expect(directives(landing ?? '').get('script-src')).toBe(
      "script-src 'self' 'sha256-landing' 'sha256-search'",
    );
    const [why] = await policiesFor(text, '/a-mobile/why/');
    expect(directives(why ?? '').get('script-src')).toBe("script-src 'self'");
  });

  it('allows the map hosts content names on coverage pages only', async () => {
    const pages = [
      ...BARE,
      ...schoolSite('a', { map: 'https://maps.example/x' }),
      ...schoolSite('b'),
    ];
    const text = formatCspHeaders(cspHeaderRules(pages, RULES, policyOf, ASSETS));
    for (const path of ['/a/coverage-map', '/b/coverage-map.html']) {
      const [coverage] = await policiesFor(text, path);
      expect(directives(coverage ?? '').get('frame-src'), path).toBe(
        'frame-src https://maps.example',
      );
    }
    const [why] = await policiesFor(text, '/a/why');
    expect(directives(why ?? '').has('frame-src')).toBe(false);
  });

  it('refuses a page no rule matches, and a rule that would reach an asset folder', () => {
    expect(() => cspHeaderRules([page('/a/newsroom')], RULES, policyOf)).toThrow(
      'The page /a/newsroom is matched by 0 Content-Security-Policy rules (none); it needs exactly one.',
    );
    expect(() =>
      cspHeaderRules([page('/a/student')], RULES, policyOf, ['/_astro/student']),
    ).toThrow(
      'The Content-Security-Policy rule /:school/student would also match the file /_astro/student.',
    );
    expect(() => cspHeaderRules([page('/a/student')], [...RULES, '/a/*'], policyOf)).toThrow(
      /matched by 2 Content-Security-Policy rules \(\/:school\/student, \/a\/\*\)/,
    );
  });

  it('matches paths the way Netlify does', async () => {
    const rulePaths = [
      '/',
      '/a/*',
      '/a/:p1/:p2',
      '/search',
      '/a.b/*',
      '/:page',
      '/:school/why.html',
    ];
    const dir = mkdtempSync(join(tmpdir(), 'csp-paths-'));
    writeFileSync(
      join(dir, '_headers'),
      rulePaths.map((path) => `${path}\n  X-Rule: ${path}\n`).join(''),
    );
    const { headers } = await parseAllHeaders({
      headersFiles: [join(dir, '_headers')],
      configHeaders: undefined,
      minimal: false,
    });
    for (const rule of headers as Header[]) {
      for (const path of [
        '/',
        '/a',
        '/a/',
        '/ab',
        '/a/b',
        '/a/b/c/',
        '/search/',
        '/a.b/x',
        '/aXb/x',
        '/x/why.html',
        '/x/whyXhtml',
        '/index.html',
      ]) {
        expect(headerPathPattern(rule.for).test(path), `${rule.for} ${path}`).toBe(
          rule.forRegExp.test(path),
        );
      }
    }
    expect(headers).toHaveLength(rulePaths.length);
  });
});

describe("the local stack's header rules", () => {
  it('joins a header named by two matching rules with a comma, as Netlify does (two CSPs are two policies)', async () => {
    const { headersForPath } = await import('../../../scripts/local-stack/site/netlify-engine.ts');
    const dir = mkdtempSync(join(tmpdir(), 'csp-merge-'));
    writeFileSync(
      join(dir, '_headers'),
      "/*\n  Content-Security-Policy: frame-ancestors 'none'\n  X-One: 1\n/a/*\n  Content-Security-Policy: default-src 'self'\n",
    );
    const values = await headersForPath([join(dir, '_headers')], undefined, '/a/b', () => {});
    expect(values.get('Content-Security-Policy')).toBe(
      "frame-ancestors 'none', default-src 'self'",
    );
    expect(values.get('X-One')).toBe('1');
    expect(
      (await headersForPath([join(dir, '_headers')], undefined, '/b', () => {})).get(
        'Content-Security-Policy',
      ),
    ).toBe("frame-ancestors 'none'");
  });
});

describe('the local engine matches header rules as netlify-cli does', () => {
  // The rules netlify-cli 27.10.2 applied to a copy of this fixture (measured with `netlify dev --offline`):
  // the served file's path only, never the path asked for; redirects get none there (here: the path asked for).
  const dir = mkdtempSync(join(tmpdir(), 'engine-headers-'));
  for (const name of ['index.html', 'search.html', '404.html'])
    writeFileSync(join(dir, name), `<!doctype html><title>${name}</title>`);
  const rules = [
    '/',
    '/index.html',
    '/search',
    '/search.html',
    '/404',
    '/404.html',
    '/_astro/*',
    '/old',
  ];
  writeFileSync(
    join(dir, '_headers'),
    rules.map((path) => `${path}\n  X-Rule: ${path}\n`).join(''),
  );
  writeFileSync(join(dir, '_redirects'), '/_astro/*  /404.html  404\n/old  /search  301\n');

  async function answer(matchHeadersOn: 'file' | 'request' | undefined, path: string) {
    const { createNetlifySite } =
      await import('../../../scripts/local-stack/site/netlify-engine.ts');
    const response = await createNetlifySite({ distDir: dir, matchHeadersOn }).handle(
      new Request(`http://localhost${path}`),
    );
    await response.arrayBuffer();
    return { path, status: response.status, rule: response.headers.get('x-rule') };
  }

  it("matches a static file's rules to the file it serves (the default), a redirect's to the path asked for", async () => {
    for (const [path, status, rule] of [
      ['/', 200, '/index.html'],
      ['/search', 200, '/search.html'],
      ['/search/', 200, '/search.html'],
      ['/404', 200, '/404.html'],
      ['/_astro/missing.js', 404, '/404.html'],
      ['/old', 301, '/old'],
    ] as const) {
      expect(await answer(undefined, path)).toEqual({ path, status, rule });
    }
  });

  it("matches the path asked for when told to (the CDN's documented matching)", async () => {
    for (const [path, status, rule] of [
      ['/', 200, '/'],
      ['/search', 200, '/search'],
      ['/search/', 200, '/search'],
      ['/_astro/missing.js', 404, '/_astro/*'],
    ] as const) {
      expect(await answer('request', path)).toEqual({ path, status, rule });
    }
  });
});
