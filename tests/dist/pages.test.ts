import { existsSync, readFileSync, readdirSync as readdir } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, SCHOOL_PAGES, buildReport, pageFile, readPage } from './helpers.ts';

const report = buildReport();
const SITE_URL = (process.env.SITE_URL ?? 'http://localhost:4321').replace(/\/$/, '');

describe('the built site', () => {
  it('builds all six seed schools from one content query', () => {
    expect(report.schools.map((school) => school.seoSlug).sort()).toEqual(
      ['cal-bears-mobile', 'cubbymobile', 'osu-beavs-mobile', 'uk-kentucky-mobile', 'uw-husky-mobile', 'utah-ute-mobile'].sort(),
    );
    expect(report.contentQueries).toBe(1);
  });

  it.each(['/', '/default', '/search'])('has the page %s without a school header or footer', (path) => {
    const html = readPage(path);
    expect(html).not.toMatch(/class="site-header[ "]/);
    expect(html).not.toMatch(/class="site-footer[ "]/);
  });

  for (const school of report.schools) {
    describe(school.seoSlug, () => {
      it.each(SCHOOL_PAGES)('has the page /%s with header, footer and a heading', (page) => {
        const path = page ? `/${school.seoSlug}/${page}` : `/${school.seoSlug}`;
        expect(existsSync(pageFile(path)), path).toBe(true);
        const html = readPage(path);
        expect(html).toMatch(/class="site-header[ "]/);
        expect(html).toMatch(/class="site-footer[ "]/);
        expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      });

      it('has head tags: title, description, canonical without trailing slash, JSON-LD, theme colour', () => {
        const html = readPage(`/${school.seoSlug}/student`);
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toMatch(/<meta name="description" content="[^"]+"/);
        expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/${school.seoSlug}/student">`);
        const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
        expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Organization', url: `${SITE_URL}/${school.seoSlug}` });
        expect(html).toMatch(/--school-primary:#[0-9a-fA-F]{6}/);
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
    const bears = readPage('/cal-bears-mobile');
    expect(bears).toContain('--school-primary:#003262');
    expect(bears).toContain('--school-secondary:#FDB515');
    expect(bears).toMatch(/<title>[^<]+ – Your School, Your Plan<\/title>/);
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
    '/utemobile/giveawayentry/:guid  /utah-ute-mobile/giveaway-entry/:guid  301',
    '/:school/shop-faculty-plans  /:school/faculty  301',
    '/:school/fan-plans  /:school/fan  301',
    '/_astro/*  /404.html  404',
  ])('holds %s', (line) => {
    expect(lines).toContain(line);
  });

  it('sends the beavs and bears giveawayentry paths to the main site', () => {
    expect(rules).toMatch(/^\/beavsmobile\/giveawayentry\/\*  https:\/\/\S+  302$/m);
    expect(rules).toMatch(/^\/bearsmobile\/giveawayentry\/\*  https:\/\/\S+  302$/m);
  });

  it('has no forced rule and no trailing-slash rule (Netlify matches both forms: they loop)', () => {
    expect(lines.filter((line) => line.endsWith('!'))).toEqual([]);
    expect(lines.filter((line) => line.split(/\s+/)[0]?.endsWith('/'))).toEqual([]);
  });

  it('ends with the catch-all to the main site', () => {
    expect(lines.at(-1)).toMatch(/^\/\*  https:\/\/\S+  302$/);
  });
});
