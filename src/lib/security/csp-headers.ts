/**
 * The Content-Security-Policy rules of dist/_headers. Netlify applies every rule whose path
 * matches a request and joins the values of a header named in several of them with a comma,
 * which for a CSP means two policies. So each built page is matched by exactly one CSP rule, and
 * no CSP is in netlify.toml's catch-all block.
 *
 * One rule per kind of page, never per school: the pages of every school differ only in text and
 * attributes (their colours are in a stylesheet file, theme/theme-stylesheet.ts), so a kind of
 * page has the same inline scripts at every school and one policy fits all. The rules are written
 * with placeholders (`/:school/student`), so `_headers` has the same lines at 6 schools and at
 * 2,400. `/:page` (one segment) covers every school's landing page and the pages of no school.
 *
 * Which path a rule is matched against differs between Netlify's engines: the CDN's rules are
 * documented by the address asked for (`/search`), netlify-cli's engine (`netlify dev`, 27.x)
 * matches them to the file it serves (`/search.html`, `/index.html`, `/404.html` for a missing
 * asset; see scripts/local-stack/site/netlify-engine.ts). So each kind of page has a rule for its
 * address and one for its file, unless one rule covers both (`/:page`, `/:school/giveaway-entry/:id`).
 */
import type { InlineHashes } from './csp.ts';

export interface BuiltPage {
  /** The path the page is served at: `/`, `/search`, `/uw-husky-mobile/student`. */
  path: string;
  /** The path of the file it is served from, when that differs: `/index.html`, `/search.html`. */
  file?: string | undefined;
  inline: InlineHashes;
  /** The frame the page embeds, when it embeds one (the coverage map). */
  frameUrl?: string | undefined;
}

export interface HeaderRule {
  for: string;
  /** The policy of every page the rule matches. */
  policy: string;
}

export type PolicyOf = (inline: InlineHashes, frameUrls: readonly string[]) => string;

/**
 * Netlify's path match for header rules: case-insensitive, an optional trailing slash, `:name`
 * one segment, a trailing `*` anything, including nothing and a bare continuation of the
 * segment before it (`/a/*` also matches `/ab`).
 */
export function headerPathPattern(rulePath: string): RegExp {
  const escape = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');
  const parts = rulePath
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part.includes('*') ? part.split('*').map(escape).join('(.*)') : escape(part);
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

/**
 * The rule paths for a site whose schools have these routes (paths below `/{school}`; a route
 * with a parameter as `giveaway-entry/:id`) and whose pages of no school have these paths below
 * one segment (`search/:group`): the root, one segment, and each route's address and file.
 */
export function pageRulePaths(
  schoolRoutes: readonly string[],
  nestedBarePages: readonly string[] = [],
): string[] {
  const twoForms = (path: string) =>
    path.split('/').at(-1)?.startsWith(':') ? [path] : [path, `${path}.html`];
  return [
    '/',
    '/:page',
    ...schoolRoutes.filter(Boolean).flatMap((route) => twoForms(`/:school/${route}`)),
    ...nestedBarePages.flatMap((path) => twoForms(`/${path}`)),
  ];
}

/** The page's address and, when it differs, its file: each must be matched by the page's rule. */
const formsOf = (page: BuiltPage) =>
  page.file === undefined || page.file === page.path ? [page.path] : [page.path, page.file];

/**
 * One CSP rule per rule path that matches a page, its policy the union of those pages' inline
 * hashes (and frames). Throws when a page is matched by no rule or by two, in either form, or
 * when a rule would match a file under an asset folder (`assetFiles`: those have header rules of
 * their own, the content SVGs their own CSP).
 */
export function cspHeaderRules(
  pages: readonly BuiltPage[],
  rulePaths: readonly string[],
  policyOf: PolicyOf,
  assetFiles: readonly string[] = [],
): HeaderRule[] {
  const patterns = rulePaths.map((path) => ({ path, pattern: headerPathPattern(path) }));
  const members = new Map<string, BuiltPage[]>();
  for (const page of pages) {
    // The address and the file may be matched by two rules (`/:school/why`, `/:school/why.html`):
    // the page is a member of both, so both get the same policy.
    for (const rule of new Set(
      formsOf(page).map((form) => {
        const matching = patterns
          .filter(({ pattern }) => pattern.test(form))
          .map(({ path }) => path);
        if (matching.length !== 1)
          throw new Error(
            `The page ${form} is matched by ${matching.length} Content-Security-Policy rules (${matching.join(', ') || 'none'}); it needs exactly one.`,
          );
        return matching[0] as string;
      }),
    )) {
      const group = members.get(rule);
      if (group) group.push(page);
      else members.set(rule, [page]);
    }
  }
  for (const file of assetFiles) {
    const matching = patterns.find(({ pattern }) => pattern.test(file));
    if (matching)
      throw new Error(
        `The Content-Security-Policy rule ${matching.path} would also match the file ${file}.`,
      );
  }
  return rulePaths.flatMap((path) => {
    const group = members.get(path);
    if (!group || group.length === 0) return [];
    const inline = {
      scripts: [...new Set(group.flatMap((page) => page.inline.scripts))],
      styles: [...new Set(group.flatMap((page) => page.inline.styles))],
    };
    // Each page's frame, repeats and all: the policy names each frame's origin once (cspHeaderValue).
    return [
      {
        for: path,
        policy: policyOf(
          inline,
          group.flatMap((page) => (page.frameUrl ? [page.frameUrl] : [])),
        ),
      },
    ];
  });
}

/** The rules in Netlify's `_headers` format. */
export function formatCspHeaders(rules: readonly HeaderRule[]): string {
  const header =
    '# Content-Security-Policy of every page, one rule per kind of page (generated by the build).\n';
  return (
    header +
    rules.map((rule) => `${rule.for}\n  Content-Security-Policy: ${rule.policy}\n`).join('')
  );
}
