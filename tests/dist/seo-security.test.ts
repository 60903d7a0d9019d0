import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_FUNCTIONS_DIR } from '../../src/lib/build/netlify-output.ts';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  ADDRESSED_BARE_PAGES,
  DIST,
  buildReport,
  schoolPages,
  jsonLd,
  metaContent,
  pageDocument,
} from './helpers.ts';

const report = buildReport();
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:4321').replace(/\/$/, '');
const schoolPaths = report.schools.flatMap((school) =>
  schoolPages(school).map((page) => page.path),
);
const allPaths = [...ADDRESSED_BARE_PAGES, ...schoolPaths];

const title = (path: string) => pageDocument(path).title;
const canonicalOf = (document: Document) =>
  document.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('search-engine data', () => {
  it('gives every school page its own title and description', () => {
    const titles = schoolPaths.map(title);
    const descriptions = schoolPaths.map((path) =>
      metaContent(pageDocument(path), 'name', 'description'),
    );
    expect(titles.filter((text) => !/\S/.test(text))).toEqual([]);
    expect(descriptions.filter((text) => !/\S/.test(text ?? ''))).toEqual([]);
    expect(new Set(titles).size).toBe(schoolPaths.length);
    expect(new Set(descriptions).size).toBe(schoolPaths.length);
  });

  it.each(allPaths)(
    '%s has an absolute canonical URL without trailing slash and social tags',
    (path) => {
      const document = pageDocument(path);
      const canonical = canonicalOf(document);
      expect(canonical).toBe(path === '/' ? SITE_URL : `${SITE_URL}${path}`);
      expect(canonical).not.toMatch(/\/$/);
      expect(metaContent(document, 'property', 'og:title')).toBe(document.title);
      expect(metaContent(document, 'property', 'og:url')).toBe(canonical);
      expect(metaContent(document, 'name', 'twitter:card')).toBeTruthy();
    },
  );

  it.each(schoolPaths)(
    '%s carries Organization JSON-LD with the operator as parent and a per-school image',
    (path) => {
      const document = pageDocument(path);
      const data = jsonLd(document) as { name?: string };
      const seo = path.split('/')[1];
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        url: `${SITE_URL}/${seo}`,
        logo: expect.stringMatching(/^https?:\/\/.+\.(svg|png|webp)$/) as string,
        parentOrganization: {
          '@type': 'Organization',
          name: expect.any(String) as string,
          url: expect.stringMatching(/^https:\/\//) as string,
        },
      });
      expect(data.name).not.toMatch(/university/i);
      expect(metaContent(document, 'property', 'og:image')).toMatch(
        new RegExp(`^https?://.+${report.schools.find((s) => s.seoSlug === seo)?.key}`),
      );
    },
  );

  it('gives the giveaway entry page the school name as title', () => {
    for (const school of report.schools.filter((s) => s.giveaway.includes('/giveaway-entry/'))) {
      const landing = title(`/${school.seoSlug}`);
      expect(landing).toMatch(/ – Your School, Your Plan$/);
      expect(title(school.giveaway)).toBe(landing.replace(/ – Your School, Your Plan$/, ''));
    }
  });

  it('keeps confirmation and closed pages out of search engines', () => {
    for (const school of report.schools) {
      for (const page of ['giveaway-confirmation', 'giveaway-closed']) {
        expect(metaContent(pageDocument(`/${school.seoSlug}/${page}`), 'name', 'robots')).toBe(
          'noindex',
        );
      }
      expect(
        metaContent(pageDocument(`/${school.seoSlug}/student`), 'name', 'robots') ?? '',
      ).not.toContain('noindex');
    }
  });

  it('lists every indexable page in the sitemap and nothing else', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Every state's page of the search (/search/{state}) too: each lists schools by plain links.
    const groups = readdirSync(join(DIST, 'search'))
      .filter((name) => name.endsWith('.html'))
      .map((name) => `/search/${name.slice(0, -'.html'.length)}`);
    const indexable = [...new Set([...allPaths, ...groups])].filter(
      (path) => !/giveaway-(confirmation|closed)$/.test(path),
    );
    expect(listed.sort()).toEqual(
      indexable.map((path) => (path === '/' ? `${SITE_URL}/` : `${SITE_URL}${path}`)).sort(),
    );
    expect(readFileSync(join(DIST, 'robots.txt'), 'utf8')).toContain(
      `Sitemap: ${SITE_URL}/sitemap-index.xml`,
    );
  });
});

describe('security', () => {
  it.each(allPaths)(
    '%s carries no CSP meta tag (the policy is a response header: tests/dist/csp-headers.test.ts)',
    (path) => {
      expect(
        metaContent(pageDocument(path), 'http-equiv', 'content-security-policy'),
      ).toBeUndefined();
    },
  );

  it('sends the security headers of every response from netlify.toml, the CSP from dist/_headers only', () => {
    const config = parse(readFileSync('netlify.toml', 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const all = config.headers.find((block) => block.for === '/*')?.values ?? {};
    expect(all['Content-Security-Policy']).toBeUndefined();
    expect(all['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBeTruthy();
    expect(all['Permissions-Policy']).toContain('camera=()');
    // Pages get Netlify's default (max-age=0, must-revalidate); a Cache-Control here would be joined with the folders' own.
    expect(all['Cache-Control']).toBeUndefined();
    expect(config.headers.find((block) => block.for === '/_astro/*')?.values['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('never renders an inline style attribute or event handler (CSP would block them)', () => {
    for (const path of allPaths) {
      const elements = [...pageDocument(path).querySelectorAll('*')];
      expect(elements.length, path).toBeGreaterThan(10);
      const offending = elements.flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => attribute.name === 'style' || /^on[a-z]+$/i.test(attribute.name))
          .map((attribute) => `<${element.localName} ${attribute.name}>`),
      );
      expect(offending, path).toEqual([]);
    }
  });
});

describe('netlify.toml', () => {
  it('builds with npm run build into dist on Node 24; functions only for netlify dev, the same folder the static build names for Netlify; no plugins', () => {
    const config = parse(readFileSync('netlify.toml', 'utf8')) as {
      build: { command: string; publish: string; environment: Record<string, string> };
      functions?: unknown;
      dev: { publish: string; functions: string };
      plugins?: unknown;
    };
    expect(config.build).toMatchObject({ command: 'npm run build', publish: 'dist' });
    expect(config.build.environment.NODE_VERSION).toBe('24');
    // A functions folder named here would be deployed on the preview site too (netlify-output.ts).
    expect(config.functions).toBeUndefined();
    expect(config.dev).toMatchObject({
      publish: config.build.publish,
      functions: SITE_FUNCTIONS_DIR,
    });
    expect(config.plugins).toBeUndefined();
  });
});
