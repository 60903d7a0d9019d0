/**
 * Every `data-sanity` on every page type of two schools, in draft mode on the preview site
 * (presentation.test.ts runs it): each decodes (as the overlays decode it) to a document of the
 * export (its draft where there is one), of that type, and a path that exists in it; the text the
 * element shows is that field's value (a product document's with the school's words put in), and
 * an image shows that field's image. Also measures, per
 * page type, the share of the page's visible text inside a `data-sanity` element (the rest is the
 * site's own wording: labels, the broadband facts' headings, the tenant's name from the product API).
 */
import { studioPath } from '@sanity/client/csm';
import { decodeSanityNodeData } from '@sanity/visual-editing-csm';
import type { Browser } from '@playwright/test';
import { SCHOOL_ROUTES } from '../../../src/lib/route-table/routes.ts';
import { fillPlaceholders, schoolWords } from '../../../src/lib/content/inheritance/index.ts';
import type { Doc, PreviewStack } from './presentation-stack.ts';

export const SCHOOLS = ['uw-husky-mobile', 'uk-kentucky-mobile'];

interface Marked {
  attribute: string;
  tag: string;
  text: string;
  src: string | null;
}
interface PageScan {
  marked: Marked[];
  visible: number;
  inside: number;
  outside: string[];
}

/** In the page: every marked element, and the visible text inside and outside marked elements. */
function scanPage(): PageScan {
  const HIDDEN =
    '.visually-hidden, [aria-hidden="true"], script, style, noscript, template, .preview-bar, sanity-visual-editing';
  const shown = (element: Element) => element.textContent ?? '';
  const marked = [...document.querySelectorAll('[data-sanity]')].map((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]'))
      hidden.remove();
    return {
      attribute: element.getAttribute('data-sanity')!,
      tag: element.tagName,
      text: shown(copy),
      src: element.getAttribute('src'),
    };
  });
  let visible = 0;
  let inside = 0;
  const outside: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (
      !parent ||
      !text ||
      parent.closest(HIDDEN) ||
      !parent.checkVisibility({ visibilityProperty: true })
    )
      continue;
    visible += text.length;
    if (parent.closest('[data-sanity]')) inside += text.length;
    else outside.push(text);
  }
  return { marked, visible, inside, outside };
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The value at a studio path (names, indexes, `{ _key }`), as the overlays hand it to the Studio. */
function valueAt(doc: unknown, path: ReturnType<typeof studioPath.fromString>): unknown {
  let value: unknown = doc;
  for (const segment of path) {
    if (value === undefined || value === null) return undefined;
    if (typeof segment === 'string') value = (value as Record<string, unknown>)[segment];
    else if (typeof segment === 'number') value = (value as unknown[])[segment];
    else if (typeof segment === 'object' && '_key' in segment)
      value = (value as Array<{ _key?: string }>).find((item) => item._key === segment._key);
    else return undefined;
  }
  return value;
}

/** The file or asset an image field names: its export file's stem, or its asset id's hash. */
function imageName(image: {
  _sanityAsset?: string;
  asset?: { _ref?: string };
}): string | undefined {
  if (image._sanityAsset) return /([^/]+)\.\w+$/.exec(image._sanityAsset)?.[1];
  return image.asset?._ref?.split('-')[1];
}

async function schoolPages(
  stack: PreviewStack,
  school: string,
): Promise<Array<{ type: string; path: string }>> {
  // The giveaways banner of the plan pages links the open giveaway's entry page.
  const planPage = await (
    await fetch(`${stack.site}/${school}/fan`, { headers: { cookie: stack.draftCookie } })
  ).text();
  const entry = /href="(\/[^"]+\/giveaway-entry\/[^"]+)"/.exec(planPage)?.[1];
  return SCHOOL_ROUTES.flatMap((route): Array<{ type: string; path: string }> => {
    if (route.name === 'giveaway-entry') return entry ? [{ type: route.name, path: entry }] : [];
    return [{ type: route.name, path: route.path ? `/${school}/${route.path}` : `/${school}` }];
  });
}

export interface DataSanityReport {
  problems: string[];
  pageTypes: string[];
  checked: number;
  shares: string[];
}

/** Visits every page type of SCHOOLS in draft mode and checks each data-sanity against the export. */
export async function checkDataSanity(
  stack: PreviewStack,
  browser: Browser,
): Promise<DataSanityReport> {
  {
    const documents = new Map(stack.documents().map((doc) => [doc._id, doc] as const));
    const context = await browser.newContext({
      extraHTTPHeaders: { cookie: stack.draftCookie },
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    const shares = new Map<
      string,
      { visible: number; inside: number; outside: Map<string, number> }
    >();
    const pageTypes = new Set<string>();
    let checked = 0;
    for (const school of SCHOOLS) {
      // Text a school inherits is the product document's, with this school's words put in.
      const schoolDoc = [...documents.values()].find(
        (doc) => doc._type === 'school' && doc.seoSlug === school,
      )!;
      const words = schoolWords(schoolDoc);
      for (const { type, path } of await schoolPages(stack, school)) {
        const response = await page.goto(`${stack.site}${path}`);
        if (response?.status() !== 200) problems.push(`${path}: answered ${response?.status()}`);
        pageTypes.add(type);
        const scan = await page.evaluate(scanPage);
        if (scan.marked.length === 0) problems.push(`${path}: no data-sanity at all`);
        for (const { attribute, tag, text, src } of scan.marked) {
          checked += 1;
          const node = decodeSanityNodeData(attribute) as
            { id?: string; type?: string; path?: string; baseUrl?: string } | undefined;
          if (!node?.id || !node.type || !node.path || !node.baseUrl) {
            problems.push(`${path}: undecodable ${attribute}`);
            continue;
          }
          const doc: Doc | undefined = documents.get(`drafts.${node.id}`) ?? documents.get(node.id);
          if (!doc) {
            problems.push(`${path}: ${attribute}: no document ${node.id}`);
            continue;
          }
          if (doc._type !== node.type)
            problems.push(`${path}: ${attribute}: the document is a ${doc._type}`);
          const held = valueAt(doc, studioPath.fromString(node.path));
          const value = typeof held === 'string' ? fillPlaceholders(held, words).text : held;
          if (value === undefined) {
            problems.push(`${path}: ${attribute}: no field ${node.path}`);
            continue;
          }
          if (tag === 'IMG') {
            const name = imageName(value as never);
            if (!name || !src?.includes(name))
              problems.push(`${path}: ${attribute}: shows ${src}, the field's image is ${name}`);
          } else if (typeof value !== 'string' || squash(text) !== squash(value)) {
            problems.push(
              `${path}: ${attribute}: shows ${JSON.stringify(squash(text))}, the field holds ${JSON.stringify(value)}`,
            );
          }
        }
        const share = shares.get(type) ?? { visible: 0, inside: 0, outside: new Map() };
        share.visible += scan.visible;
        share.inside += scan.inside;
        for (const text of scan.outside)
          share.outside.set(text, (share.outside.get(text) ?? 0) + text.length);
        shares.set(type, share);
      }
    }
    await context.close();
    const lines = [...shares].map(([type, share]) => {
      const left = [...share.outside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([text]) => JSON.stringify(text.slice(0, 40)))
        .join(', ');
      return `${type}: ${((100 * share.inside) / share.visible).toFixed(1)}% of ${share.visible} visible characters inside data-sanity (largest outside: ${left})`;
    });
    return { problems, pageTypes: [...pageTypes], checked, shares: lines };
  }
}
