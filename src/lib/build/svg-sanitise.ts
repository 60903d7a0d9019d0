/**
 * SVGs from content are published on the site's own origin, so an SVG with a script would run
 * as the site when opened. At build time each one goes through DOMPurify's SVG profile (over
 * jsdom): scripts, event handlers, foreignObject, animation of attributes, and every reference
 * outside the file itself (href/xlink:href not starting with `#`, CSS url() to anything but
 * `#id`, style sheets) are removed, and what was removed is named for the build report.
 * Build-time only: nothing here reaches a client bundle.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export interface SvgSanitised {
  svg: string;
  /** What was taken out, e.g. `element script`, `attribute onload on svg`. Empty when the file was clean. */
  removed: string[];
}

const { window } = new JSDOM('');
const purify = createDOMPurify(window);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href']);
/** A CSS url() whose target is not a fragment of this file, or a CSS escape that could spell one. */
const OUTSIDE_URL = /url\s*\(\s*['"]?\s*(?!#)|\\/i;

/** Attributes this module refused (DOMPurify lists them among its removals without saying why). */
let externalReferences = new WeakMap<Node, Set<string>>();
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName.toLowerCase();
  const outside = LINK_ATTRIBUTES.has(name)
    ? !data.attrValue.trim().startsWith('#')
    : OUTSIDE_URL.test(data.attrValue);
  if (!outside) return;
  data.keepAttr = false;
  const names = externalReferences.get(node) ?? new Set<string>();
  externalReferences.set(node, names.add(data.attrName));
});

function describe(entry: (typeof purify.removed)[number]): string | undefined {
  if ('element' in entry) {
    const name = entry.element.nodeName.toLowerCase();
    // The HTML wrapper DOMPurify parses into is not part of the file.
    return name === 'body' || name === 'html' || name === 'head'
      ? undefined
      : `element ${entry.element.nodeName}`;
  }
  if (!entry.attribute) return undefined;
  const why = externalReferences.get(entry.from)?.has(entry.attribute.name)
    ? ' (external reference)'
    : '';
  return `attribute ${entry.attribute.name} on ${entry.from.nodeName}${why}`;
}

export function sanitiseSvg(source: string): SvgSanitised {
  externalReferences = new WeakMap();
  const fragment = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject'],
    // Images name themselves for screen readers (role="img" with aria-label).
    ADD_ATTR: ['role'],
    RETURN_DOM_FRAGMENT: true,
  });
  const removed = purify.removed
    .map(describe)
    .filter((entry): entry is string => entry !== undefined);
  const root = [...fragment.childNodes].find((node) => node.nodeName.toLowerCase() === 'svg');
  if (root === undefined)
    return { svg: '', removed: [...removed, 'the whole file: no <svg> element left'] };
  return { svg: `${new window.XMLSerializer().serializeToString(root)}\n`, removed };
}
