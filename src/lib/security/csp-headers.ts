/**
 * The Content-Security-Policy rules of dist/_headers. Netlify applies every rule whose path
 * matches a request and joins the values of a header named in several of them with a comma,
 * which for a CSP means two policies. So each built page is matched by exactly one CSP rule:
 * one rule per school (its pages differ from other schools' only in the colour <style> block),
 * and no CSP in netlify.toml's catch-all block.
 *
 * Which path a rule is matched against differs between Netlify's engines: the CDN's rules are
 * documented by the address asked for (`/search`), netlify-cli's engine (`netlify dev`, 27.x)
 * matches them to the file it serves (`/search.html`, `/index.html`, `/404.html` for a missing
 * asset; see scripts/local-stack/site/netlify-engine.ts). Every rule here matches a page in both forms:
 * a school's `/slug/*` covers `/slug.html` too, and a page of no school gets its address and
 * its file as two exact rules (never both matching one path).
 */
import type { InlineHashes } from './csp.ts';

export interface BuiltPage {
  /** The path the page is served at: `/`, `/search`, `/uw-husky-mobile/student`. */
  path: string;
  /** The path of the file it is served from, when that differs: `/index.html`, `/search.html`. */
  file?: string | undefined;
  /** The school's seo slug when the page belongs to one. */
  school?: string | undefined;
  inline: InlineHashes;
  /** The frame the page embeds, when it embeds one (the coverage map). */
  frameUrl?: string | undefined;
}

export interface HeaderRule {
  for: string;
  /** The policy of every page the rule matches. */
  policy: string;
}

export type PolicyOf = (inline: InlineHashes, frameUrl: string | undefined) => string;

/**
 * Netlify's path match for header rules: case-insensitive, an optional trailing slash, `:name`
 * one segment, a trailing `*` anything, including nothing and a bare continuation of the
 * segment before it (`/a/*` also matches `/ab`).
 */
export function headerPathPattern(rulePath: string): RegExp {
  const escape = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');
  const parts = rulePath.split('/').filter(Boolean).map((part) => {
    if (part.startsWith(':')) return '([^/]+)';
    if (part === '*') return '?(.*)';
    return part.includes('*') ? part.split('*').map(escape).join('(.*)') : escape(part);
  });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

function union(pages: readonly BuiltPage[]): InlineHashes {
  return {
    scripts: [...new Set(pages.flatMap((page) => page.inline.scripts))],
    styles: [...new Set(pages.flatMap((page) => page.inline.styles))],
  };
}

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The page's address and, when it differs, its file: each must be matched by the page's rule. */
const formsOf = (page: BuiltPage) => (page.file === undefined || page.file === page.path ? [page.path] : [page.path, page.file]);

/**
 * The rules for a school's pages: `/slug/*` when that pattern matches nothing else in the
 * output (it matches every path that starts with `/slug`, so no other first segment may start
 * with the slug), else one `:segment` rule per depth. A school whose pages differ in more than
 * their inline blocks (a page that embeds a frame) gets a rule per page, so the frame host is
 * allowed on that page only.
 */
function schoolRules(slug: string, pages: readonly BuiltPage[], otherSegments: readonly string[], policyOf: PolicyOf): HeaderRule[] {
  const inline = union(pages);
  const frames = new Set(pages.map((page) => page.frameUrl));
  if (frames.size > 1) {
    return pages.flatMap((page) => formsOf(page).map((path) => ({ for: path, policy: policyOf(inline, page.frameUrl) })));
  }
  const policy = policyOf(inline, pages[0]?.frameUrl);
  const prefix = slug.toLowerCase();
  if (!otherSegments.some((segment) => segment.toLowerCase().startsWith(prefix))) return [{ for: `/${slug}/*`, policy }];
  // A placeholder rule per depth under /slug/; the landing page's file (`/slug.html`) has no
  // segment under /slug/ for a placeholder to match, so it is named as it is.
  const forms = pages.flatMap(formsOf);
  const depths = [...new Set(forms.filter((path) => path === `/${slug}` || path.startsWith(`/${slug}/`)).map((path) => path.split('/').filter(Boolean).length))].sort();
  const files = [...new Set(forms.filter((path) => path !== `/${slug}` && !path.startsWith(`/${slug}/`)))].sort();
  return [
    ...depths.map((depth) => ({ for: ['', slug, ...Array.from({ length: depth - 1 }, (_, i) => `:p${i + 1}`)].join('/'), policy })),
    ...files.map((path) => ({ for: path, policy })),
  ];
}

/**
 * One CSP rule per school and one per page of no school and form (address, file), covering
 * every built page once in either form.
 * `otherFiles`: paths of the output that are not pages (`/_astro`, `/content-images`), which a
 * school's rule must not match either (they have header rules of their own).
 */
export function cspHeaderRules(pages: readonly BuiltPage[], policyOf: PolicyOf, otherFiles: readonly string[] = []): HeaderRule[] {
  const bySchool = new Map<string, BuiltPage[]>();
  const rules: HeaderRule[] = [];
  for (const page of pages) {
    if (page.school === undefined) rules.push(...formsOf(page).map((path) => ({ for: path, policy: policyOf(page.inline, page.frameUrl) })));
    else bySchool.set(page.school, [...(bySchool.get(page.school) ?? []), page]);
  }
  const segments = new Map<string, string | undefined>();
  for (const path of otherFiles) segments.set(firstSegment(path), undefined);
  for (const page of pages) for (const path of formsOf(page)) segments.set(firstSegment(path), page.school);
  for (const [slug, schoolPages] of [...bySchool].sort(([a], [b]) => a.localeCompare(b))) {
    const others = [...segments].filter(([segment, owner]) => owner !== slug && segment !== slug).map(([segment]) => segment);
    rules.push(...schoolRules(slug, schoolPages, others, policyOf));
  }
  return rules;
}

/** The rules in Netlify's `_headers` format. */
export function formatCspHeaders(rules: readonly HeaderRule[]): string {
  const header = '# Content-Security-Policy of every page, one rule per page group (generated by the build).\n';
  return header + rules.map((rule) => `${rule.for}\n  Content-Security-Policy: ${rule.policy}\n`).join('');
}
