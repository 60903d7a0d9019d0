/**
 * Netlify path patterns of redirect rules: literal segments, `:placeholder` (one segment) and a
 * trailing `/*` splat (the rest of the path, possibly empty). Literal segments match without regard
 * to case. A pattern without a trailing slash also matches the path with one (`/a` matches `/a/`);
 * a pattern written with a trailing slash (`/a/`) matches only `/a/`.
 */

export interface PathPattern {
  segments: string[];
  splat: boolean;
  trailingSlash: boolean;
}

export type Captures = Record<string, string>;

function splitPath(path: string): string[] {
  const inner = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return inner === '' ? [] : inner.split('/');
}

function comparable(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

export function compilePathPattern(from: string): PathPattern {
  const splat = from === '*' || from === '/*' || from.endsWith('/*');
  const base = splat ? from.slice(0, -1) : from;
  const trailingSlash = !splat && base.length > 1 && base.endsWith('/');
  return { segments: splitPath(base), splat, trailingSlash };
}

/** Captures of `path` (the raw, percent-encoded pathname) against the pattern, or undefined. */
export function matchPathPattern(pattern: PathPattern, path: string): Captures | undefined {
  const pathHasSlash = path.length > 1 && path.endsWith('/');
  const parts = splitPath(path);
  const { segments } = pattern;
  if (pattern.splat ? parts.length < segments.length : parts.length !== segments.length) return undefined;
  if (pattern.trailingSlash && !pathHasSlash) return undefined;
  const captures: Captures = {};
  for (let index = 0; index < segments.length; index += 1) {
    const expected = segments[index] ?? '';
    const actual = parts[index] ?? '';
    if (expected.startsWith(':') && expected.length > 1) {
      if (actual === '') return undefined;
      captures[expected.slice(1)] = actual;
    } else if (comparable(expected) !== comparable(actual)) {
      return undefined;
    }
  }
  if (pattern.splat) {
    const rest = parts.slice(segments.length).join('/');
    captures['splat'] = rest === '' ? '' : rest + (pathHasSlash ? '/' : '');
  }
  return captures;
}

/** Replaces `:splat` and `:name` in a rule's target with the captured values. */
export function fillPlaceholders(target: string, captures: Captures): string {
  return target.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
    Object.hasOwn(captures, name) ? (captures[name] ?? '') : whole,
  );
}
