/**
 * sitemap-index.xml and sitemap-N.xml for the built pages that belong in search engines.
 * Written by the build integration in place of @astrojs/sitemap, whose per-comparison
 * `localeCompare` and stream pipeline cost half a second at 600 schools; same URLs, same order.
 */
import { includeInSitemap } from '../seo.ts';

/** Below the protocol's 50,000 URLs per file. */
export const URLS_PER_SITEMAP = 45_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Absolute URL of a built page (`pathname` as Astro reports it: no leading slash, '' for the root). */
export function pageUrl(siteUrl: string, pathname: string): string {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return new URL(pathname.replace(/^\/+|\/+$/g, ''), base).href;
}

export function sitemapFiles(pathnames: readonly string[], siteUrl: string, include: (url: string) => boolean = includeInSitemap): Array<{ name: string; xml: string }> {
  const collator = new Intl.Collator('en', { numeric: true });
  const urls = [...new Set(pathnames.map((pathname) => pageUrl(siteUrl, pathname)))].filter(include).sort(collator.compare);
  const files: Array<{ name: string; xml: string }> = [];
  for (let start = 0; start < urls.length || files.length === 0; start += URLS_PER_SITEMAP) {
    const entries = urls.slice(start, start + URLS_PER_SITEMAP).map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('');
    files.push({ name: `sitemap-${files.length}.xml`, xml: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${XMLNS}">${entries}</urlset>` });
  }
  const index = files.map((file) => `<sitemap><loc>${escapeXml(pageUrl(siteUrl, file.name))}</loc></sitemap>`).join('');
  return [{ name: 'sitemap-index.xml', xml: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="${XMLNS}">${index}</sitemapindex>` }, ...files];
}
