/**
 * Where the preview site may send the editor (draft mode switched on or off): a path of this site
 * only. Anything that could leave it (`https://…`, `//host`, `/\host`, `javascript:…`, control
 * characters) goes to the site's root instead. The path is checked twice: as given, and as the URL
 * parser normalises it, because removing `.` and `..` segments (`/.//host`, `/%2e%2e//host`,
 * `/a/..//host`) turns a path that looked local into a scheme-relative `//host`.
 */
const BASE = 'http://preview.invalid';

/** `//host` and `/\host` are other hosts to a browser; a local path has one leading slash. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function sitePath(requested: string | null | undefined, fallback = '/'): string {
  if (!requested || !isLocalPath(requested)) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
  if (/[\u0000-\u001f\u007f\\]/.test(requested)) return fallback;
  let url: URL;
  try {
    url = new URL(requested, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || !isLocalPath(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
