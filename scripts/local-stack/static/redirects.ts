/** Netlify redirect rules (`dist/_redirects`, then netlify.toml `[[redirects]]`) and their matching. */
import { existsSync } from 'node:fs';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { compilePathPattern, fillPlaceholders, matchPathPattern, type Captures, type PathPattern } from './path-pattern.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  host?: string | undefined;
  pattern: PathPattern;
}

export interface RuleMatch {
  rule: RedirectRule;
  /** The rule's target with placeholders filled in (no query appended). */
  target: string;
  captures: Captures;
}

interface ParsedRule {
  from: string;
  to: string;
  status?: number;
  force?: boolean;
  query?: Record<string, string>;
  conditions?: Record<string, unknown>;
  host?: string;
  path?: string;
}

export function compileRules(parsed: readonly unknown[]): RedirectRule[] {
  return (parsed as ParsedRule[]).map((rule) => ({
    from: rule.from,
    to: rule.to,
    status: rule.status ?? 301,
    force: rule.force === true,
    query: rule.query ?? {},
    conditions: rule.conditions ?? {},
    host: rule.host,
    pattern: compilePathPattern(rule.path ?? rule.from),
  }));
}

/** Parses the rule files with Netlify's own parser; files that do not exist are skipped. */
export async function loadRedirectRules(
  redirectsFile: string,
  netlifyTomlFile: string | undefined,
): Promise<{ rules: RedirectRule[]; errors: string[] }> {
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [redirectsFile],
    netlifyConfigPath: netlifyTomlFile !== undefined && existsSync(netlifyTomlFile) ? netlifyTomlFile : undefined,
    configRedirects: [],
    minimal: false,
  });
  return { rules: compileRules(redirects), errors: errors.map((error: unknown) => String(error)) };
}

function queryMatches(rule: RedirectRule, search: URLSearchParams, captures: Captures): boolean {
  for (const [key, expected] of Object.entries(rule.query)) {
    const actual = search.get(key);
    if (actual === null) return false;
    if (expected.startsWith(':')) captures[expected.slice(1)] = encodeURIComponent(actual);
    else if (expected !== actual) return false;
  }
  return true;
}

export interface MatchInput {
  path: string;
  search: URLSearchParams;
  host?: string | undefined;
  /** True when a file would be served at `path`; non-forced rules then do not apply (shadowing). */
  fileExists: boolean;
}

/** The first rule that applies, in file order (Netlify: first match wins). */
export function findRule(rules: readonly RedirectRule[], input: MatchInput): RuleMatch | undefined {
  for (const rule of rules) {
    if (Object.keys(rule.conditions).length > 0) continue; // country/language/role: not evaluated locally
    if (rule.host !== undefined && rule.host.toLowerCase() !== (input.host ?? '').toLowerCase()) continue;
    if (input.fileExists && !rule.force) continue;
    const captures = matchPathPattern(rule.pattern, input.path);
    if (captures === undefined || !queryMatches(rule, input.search, captures)) continue;
    return { rule, captures, target: fillPlaceholders(rule.to, captures) };
  }
  return undefined;
}

export function isRedirectStatus(status: number): boolean {
  return status >= 300 && status < 400;
}

/** The Location of a redirect: the request's query string is kept when the rule neither matches nor sets one. */
export function redirectLocation(match: RuleMatch, search: string): string {
  if (search === '' || Object.keys(match.rule.query).length > 0 || match.target.includes('?')) return match.target;
  return match.target + search;
}
