/** Reading the built site: the school list comes from the build report, pages from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import type { BuildReport } from '../../src/lib/build/report.ts';

/** The build the suite made (BUILD_OUT_DIR, as for `npm run build`). */
export const DIST = resolve(process.env.BUILD_OUT_DIR ?? 'dist');
export const REPORT_FILE = resolve(process.env.BUILD_REPORT_FILE ?? 'reports/build-report.json');

export function buildReport(): BuildReport {
  if (!existsSync(REPORT_FILE))
    throw new Error('No build report: run `npm run build` before the dist tests.');
  return JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as BuildReport;
}

/** The file Netlify serves for a clean URL (format "file": /a/b → a/b.html). */
export function pageFile(path: string): string {
  return path === '/' ? join(DIST, 'index.html') : join(DIST, `${path.replace(/^\//, '')}.html`);
}

export function readPage(path: string): string {
  return readFileSync(pageFile(path), 'utf8');
}

// The pages to check come from the route table (tests/school-pages.ts), never from a list here.
export {
  ADDRESSED_BARE_PAGES,
  BARE_PAGES,
  SCHOOL_ROUTES,
  routeOfSchoolPath,
  schoolPages,
  type BarePageName,
  type SchoolPage,
  type SchoolRouteName,
} from '../school-pages.ts';

const parsed = new Map<string, Document>();

/** A built page as a browser parses it (no scripts run), parsed once per test file. */
export function pageDocument(path: string): Document {
  let document = parsed.get(path);
  if (!document) {
    document = parseHtml(readPage(path));
    parsed.set(path, document);
  }
  return document;
}

export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}

/** Text as it reads: runs of white space collapsed, ends trimmed (visually hidden text included, as a screen reader hears it). */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The name assistive technology gives an element, for the cases the site uses: aria-labelledby,
 * aria-label, an image's alt, else its text with images read by their alt and aria-hidden parts skipped.
 */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => textOf(element.ownerDocument.getElementById(id)))
      .join(' ')
      .trim();
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  if (element.localName === 'img') return (element.getAttribute('alt') ?? '').trim();
  const read = (node: Node): string => {
    if (node.nodeType === node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== node.ELEMENT_NODE) return '';
    const child = node as Element;
    if (child.getAttribute('aria-hidden') === 'true') return '';
    if (child.localName === 'img') return ` ${child.getAttribute('alt') ?? ''} `;
    return [...child.childNodes].map(read).join('');
  };
  return read(element).replace(/\s+/g, ' ').trim();
}

/** A header or footer inside one of these belongs to that part of the page, not to the page (HTML-AAM). */
const SECTIONING = 'article, aside, main, nav, section';

/** The page's banner landmark: `role="banner"` or a header that is not inside a sectioning element. */
export function banner(document: Document): Element | undefined {
  return [...document.querySelectorAll('[role="banner"], header')].find(
    (element) =>
      element.getAttribute('role') === 'banner' || !element.parentElement?.closest(SECTIONING),
  );
}

/** The page's content-info landmark: `role="contentinfo"` or a footer that is not inside a sectioning element. */
export function contentinfo(document: Document): Element | undefined {
  return [...document.querySelectorAll('[role="contentinfo"], footer')].find(
    (element) =>
      element.getAttribute('role') === 'contentinfo' || !element.parentElement?.closest(SECTIONING),
  );
}

/** The headings of a level (1–6) in a page or part of one, as their text. */
export function headingTexts(scope: ParentNode, level: number): string[] {
  return [...scope.querySelectorAll(`h${level}`)].map(textOf);
}

/** Links with their accessible name and the href as written. */
export function linksIn(
  scope: ParentNode,
): Array<{ name: string; href: string; element: HTMLAnchorElement }> {
  return [...scope.querySelectorAll<HTMLAnchorElement>('a[href]')].map((element) => ({
    name: accessibleName(element),
    href: element.getAttribute('href') ?? '',
    element,
  }));
}

/** The content of `<meta name=…>` or `<meta property=…>`. */
export function metaContent(
  document: Document,
  attribute: 'name' | 'property' | 'http-equiv',
  key: string,
): string | undefined {
  return (
    [...document.head.querySelectorAll('meta')]
      .find((meta) => meta.getAttribute(attribute)?.toLowerCase() === key.toLowerCase())
      ?.getAttribute('content') ?? undefined
  );
}

/** The page's JSON-LD, parsed. */
export function jsonLd(document: Document): unknown {
  return JSON.parse(
    document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
  );
}
