import { describe, expect, it } from 'vitest';
import { pageUrl, sitemapFiles, URLS_PER_SITEMAP } from '../../../src/lib/build/sitemap.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);

describe('sitemap', () => {
  it('lists every searchable page once, as absolute URLs without trailing slashes, in natural order', () => {
    const files = sitemapFiles(['', 'uw-husky-mobile/student', 'uw-husky-mobile', 'uw-husky-mobile/giveaway-closed', 'school-10', 'school-9', 'uw-husky-mobile/student/'], 'https://site.example');
    expect(files.map((file) => file.name)).toEqual(['sitemap-index.xml', 'sitemap-0.xml']);
    expect(locs(files[1]!.xml)).toEqual([
      'https://site.example/',
      'https://site.example/school-9',
      'https://site.example/school-10',
      'https://site.example/uw-husky-mobile',
      'https://site.example/uw-husky-mobile/student',
    ]);
    expect(locs(files[0]!.xml)).toEqual(['https://site.example/sitemap-0.xml']);
    expect(files[1]!.xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  });

  it('splits into files below the protocol limit', () => {
    const pages = Array.from({ length: URLS_PER_SITEMAP + 1 }, (_, index) => `school-${index}`);
    const files = sitemapFiles(pages, 'https://site.example/');
    expect(files.map((file) => file.name)).toEqual(['sitemap-index.xml', 'sitemap-0.xml', 'sitemap-1.xml']);
    expect(locs(files[2]!.xml)).toEqual([`https://site.example/school-${URLS_PER_SITEMAP}`]);
    expect(locs(files[0]!.xml)).toHaveLength(2);
  });

  it('escapes what XML needs escaped', () => {
    expect(pageUrl('https://site.example', 'a&b')).toBe('https://site.example/a&b');
    expect(sitemapFiles(['a&b'], 'https://site.example')[1]!.xml).toContain('<loc>https://site.example/a&#38;b</loc>');
  });
});
