import { existsSync, readFileSync, readdirSync as readdir } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADDRESSED_BARE_PAGES,
  DIST,
  SCHOOL_ROUTES,
  schoolPages,
  accessibleName,
  banner,
  buildReport,
  contentinfo,
  headingTexts,
  jsonLd,
  linksIn,
  metaContent,
  pageDocument,
  pageFile,
} from './helpers.ts';

const report = buildReport();
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:4321').replace(/\/$/, '');

/**
 * The school colours the page paints with: custom properties of the theme rule in the school's own
 * stylesheet, linked from the head (render-blocking: there at first paint), and in no inline style.
 */
function themeColours(document: Document): Record<string, string> {
  expect(
    [...document.head.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .filter((css) => css.includes('--school-')),
  ).toEqual([]);
  const sheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')]
    .map((link) => link.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/_astro/school-theme.'));
  expect(sheets).toHaveLength(1);
  const rule = readFileSync(join(DIST, sheets[0] ?? ''), 'utf8');
  expect(rule.startsWith('html[data-school]{')).toBe(true);
  return Object.fromEntries(
    // Both groups take part in every match.
    [...rule.matchAll(/(--[\w-]+):\s*([^;}]+)/g)].map(([, name, value]) => [name!, value!.trim()]),
  );
}

describe('the built site', () => {
  it('builds all six seed schools from one content query', () => {
    expect(report.schools.map((school) => school.seoSlug).sort()).toEqual(
      [
        'cal-bears-mobile',
        'cubbymobile',
        'osu-beavs-mobile',
        'uk-kentucky-mobile',
        'uw-husky-mobile',
        'utah-ute-mobile',
      ].sort(),
    );
    expect(report.contentQueries).toBe(1);
  });

  it('has a page of every route in the route table, for at least one school', () => {
    const built = new Set(
      report.schools.flatMap((school) => schoolPages(school).map((page) => page.route)),
    );
    expect(SCHOOL_ROUTES.map((route) => route.name).filter((name) => !built.has(name))).toEqual([]);
  });

  it.each(ADDRESSED_BARE_PAGES)('has the page %s without a school header or footer', (path) => {
    const document = pageDocument(path);
    expect(banner(document)).toBeUndefined();
    expect(contentinfo(document)).toBeUndefined();
    expect(document.querySelector('nav[aria-label="Main"]')).toBeNull();
    expect(headingTexts(document, 1)).toHaveLength(1);
  });

  for (const school of report.schools) {
    describe(school.seoSlug, () => {
      it.each(schoolPages(school))(
        'has the $route page $path with header, footer and a heading',
        ({ path }) => {
          expect(existsSync(pageFile(path)), path).toBe(true);
          const document = pageDocument(path);
          // The header: the school's logo linking home, the main navigation and the sign-in button.
          const header = banner(document);
          expect(header, path).toBeDefined();
          expect(
            linksIn(header!).find((link) => link.href === `/${school.seoSlug}`)?.name,
            path,
          ).toMatch(/\S+ home$/);
          expect(header!.querySelector('nav[aria-label="Main"]'), path).not.toBeNull();
          expect([...header!.querySelectorAll('button')].map(accessibleName), path).toContain(
            'Sign In',
          );
          // The footer: the school's logo linking home and the footer's link columns.
          const footer = contentinfo(document);
          expect(footer, path).toBeDefined();
          expect(
            linksIn(footer!).some((link) => link.href === `/${school.seoSlug}`),
            path,
          ).toBe(true);
          expect(footer!.querySelectorAll('nav[aria-label]').length, path).toBeGreaterThan(0);
          // One top-level heading, with words in it.
          const h1 = headingTexts(document, 1);
          expect(h1, path).toHaveLength(1);
          expect(h1[0], path).toMatch(/\w/);
        },
      );

      it('has head tags: title, description, canonical without trailing slash, JSON-LD, theme colour', () => {
        const document = pageDocument(`/${school.seoSlug}/student`);
        expect(document.title).toMatch(/\S/);
        expect(metaContent(document, 'name', 'description')).toMatch(/\S/);
        expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
          `${SITE_URL}/${school.seoSlug}/student`,
        );
        expect(jsonLd(document)).toMatchObject({
          '@type': 'Organization',
          url: `${SITE_URL}/${school.seoSlug}`,
        });
        const primary = themeColours(document)['--school-primary'];
        expect(primary).toMatch(/^#[0-9a-fA-F]{6}$/);
        expect(metaContent(document, 'name', 'theme-color')).toBe(primary);
      });

      it('builds the entry page only for an open giveaway, and points the school at its giveaway route', () => {
        const entryDir = join(DIST, school.seoSlug, 'giveaway-entry');
        const built = existsSync(entryDir) ? readdir(entryDir) : [];
        if (school.giveaway.includes('/giveaway-entry/')) {
          expect(built).toEqual([`${school.giveaway.split('/').at(-1)}.html`]);
        } else {
          expect(school.giveaway).toBe(`/${school.seoSlug}/giveaway-closed`);
          expect(built).toEqual([]);
        }
      });
    });
  }

  it("writes the product name as the default landing title and, with no tenant colours, the school document's brand colours", () => {
    const bears = pageDocument('/cal-bears-mobile');
    expect(themeColours(bears)).toMatchObject({
      '--school-primary': '#003262',
      '--school-secondary': '#FDB515',
    });
    expect(metaContent(bears, 'name', 'theme-color')).toBe('#003262');
    expect(bears.title).toMatch(/^\S.* – Your School, Your Plan$/);
  });
});

describe('_redirects', () => {
  const rules = readFileSync(join(DIST, '_redirects'), 'utf8');
  const lines = rules.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

  it.each([
    '/gohuskymobile  /uw-husky-mobile  301',
    '/huskymobile  /uw-husky-mobile  301',
    '/huskymobile/*  /uw-husky-mobile/:splat  301',
    '/beavsmobile  /osu-beavs-mobile  301',
    '/bearsmobile  /cal-bears-mobile  301',
    '/kentuckymobile  /uk-kentucky-mobile  301',
    '/utemobile  /utah-ute-mobile  301',
    '/utemobile/*  /utah-ute-mobile/:splat  301',
    '/:school/giveawayentry/*  /:school/giveaway-closed  302',
    '/:school/shop-faculty-plans  /:school/faculty  301',
    '/:school/fan-plans  /:school/fan  301',
    '/_astro/*  /404.html  404',
  ])('holds %s', (line) => {
    expect(lines).toContain(line);
  });

  it('sends the beavs and bears giveawayentry paths to the main site', () => {
    expect(rules).toMatch(/^\/beavsmobile\/giveawayentry\/\* {2}https:\/\/\S+ {2}302$/m);
    expect(rules).toMatch(/^\/bearsmobile\/giveawayentry\/\* {2}https:\/\/\S+ {2}302$/m);
  });

  it('has no forced rule and no trailing-slash rule (Netlify matches both forms: they loop)', () => {
    expect(lines.filter((line) => line.endsWith('!'))).toEqual([]);
    expect(lines.filter((line) => line.split(/\s+/)[0]?.endsWith('/'))).toEqual([]);
  });

  it('ends with the catch-all to the main site', () => {
    expect(lines.at(-1)).toMatch(/^\/\* {2}https:\/\/\S+ {2}302$/);
  });
});
