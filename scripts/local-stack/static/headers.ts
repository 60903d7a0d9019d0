/**
 * Custom response headers, declared once in netlify.toml `[[headers]]` blocks (and `_headers` if
 * the build emits one). `for` patterns: `*` matches anything (also `/`), `:name` one segment.
 * When several blocks set the same header, the later block wins.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

export interface HeaderRule {
  for: string;
  matcher: RegExp;
  values: Record<string, string>;
}

export function headerPatternRegExp(pattern: string): RegExp {
  let source = '';
  for (const token of pattern.split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)) {
    if (token === '*') source += '.*';
    else if (token.startsWith(':') && token.length > 1) source += '[^/]+';
    else source += token.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

/** Multi-line TOML strings (long CSPs) are folded onto one line. */
function headerValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.replace(/\s*\n\s*/g, ' ').trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => headerValue(item) ?? '').join(', ');
  return undefined;
}

function rule(pattern: string, values: Record<string, unknown>): HeaderRule {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const text = headerValue(value);
    if (text !== undefined) clean[name.toLowerCase()] = text;
  }
  return { for: pattern, matcher: headerPatternRegExp(pattern), values: clean };
}

/** `[[headers]]` blocks of a netlify.toml; a missing file gives no rules. */
export function loadTomlHeaderRules(file: string): HeaderRule[] {
  if (!existsSync(file)) return [];
  const config = parseToml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const blocks = config['headers'];
  if (!Array.isArray(blocks)) return [];
  const rules: HeaderRule[] = [];
  for (const block of blocks as Record<string, unknown>[]) {
    const pattern = block['for'];
    const values = block['values'];
    if (typeof pattern !== 'string' || typeof values !== 'object' || values === null) continue;
    rules.push(rule(pattern, values as Record<string, unknown>));
  }
  return rules;
}

/** Netlify's `_headers` file: a path line, then indented `Name: value` lines. */
export function loadHeadersFile(file: string): HeaderRule[] {
  if (!existsSync(file)) return [];
  const rules: HeaderRule[] = [];
  let current: { pattern: string; values: Record<string, unknown> } | undefined;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw) && line.startsWith('/')) {
      if (current !== undefined) rules.push(rule(current.pattern, current.values));
      current = { pattern: line, values: {} };
      continue;
    }
    const colon = line.indexOf(':');
    if (current === undefined || colon <= 0) continue;
    current.values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  if (current !== undefined) rules.push(rule(current.pattern, current.values));
  return rules;
}

export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const candidate of rules) {
    if (candidate.matcher.test(path)) Object.assign(headers, candidate.values);
  }
  return headers;
}
