/**
 * Draft mode on this machine without a Studio: `GET /.netlify/local/draft-mode?path=/uw-husky-mobile
 * &perspective=rHuskyL27,drafts` on `npm run preview:server` plays the Studio's part in switching
 * it on (Presentation's secret, then the enable route): it sets the draft-mode cookie signed with
 * the server's own PREVIEW_COOKIE_SECRET and the perspective cookie, as the enable route does, and
 * goes to the page with the perspective on its address. Only the local server answers it (the
 * preview function never has this path), on the loopback address it listens on.
 */
import { perspectiveSetting, readPerspective } from '../../../src/lib/content/perspective-name.ts';
import {
  DRAFT_MODE_COOKIE,
  PERSPECTIVE_COOKIE,
  setCookieHeader,
  signDraftMode,
} from '../../../src/lib/preview/server/draft-cookie.ts';
import { NO_STORE_HEADERS } from '../../../src/lib/preview/server/headers.ts';
import { sitePath } from '../../../src/lib/preview/server/redirect-path.ts';

export const LOCAL_DRAFT_MODE_PATH = '/.netlify/local/draft-mode';

/** The answer to the local draft-mode address: a redirect to a path of this site, with both cookies. */
export function localDraftMode(
  url: URL,
  cookieSecret: string,
  nowMs: number = Date.now(),
): { status: number; headers: Record<string, string | string[]> } {
  const setting = perspectiveSetting(readPerspective(url.searchParams.get('perspective')));
  const target = new URL(sitePath(url.searchParams.get('path') ?? '/'), url);
  target.searchParams.set(PERSPECTIVE_COOKIE, setting);
  return {
    status: 307,
    headers: {
      ...NO_STORE_HEADERS,
      location: `${target.pathname}${target.search}`,
      'set-cookie': [
        setCookieHeader(DRAFT_MODE_COOKIE, signDraftMode(cookieSecret, nowMs)),
        setCookieHeader(PERSPECTIVE_COOKIE, setting),
      ],
    },
  };
}

/** A draft-mode address to print at start: the page shown in `perspective`. */
export function localDraftModeUrl(siteUrl: string, path: string, perspective: string): string {
  return `${siteUrl}${LOCAL_DRAFT_MODE_PATH}?${new URLSearchParams({ path, perspective })}`;
}
