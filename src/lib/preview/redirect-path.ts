/**
 * Where draft mode may send the editor once it is on: a path of this site only. Anything that
 * could leave it (`https://…`, `//host`, `/\host`, `javascript:…`, control characters) goes to the
 * site's root instead.
 */
const BASE = 'http://preview.invalid';

export function sitePath(requested: string | null | undefined, fallback = '/'): string {
  if (!requested || !requested.startsWith('/') || requested.startsWith('//') || requested.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(requested)) return fallback;
  let url: URL;
  try {
    url = new URL(requested, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
