/**
 * Draft mode of the editors' preview site: switched on only through Presentation's secret
 * (`@sanity/preview-url-secret`, checked against the `sanity.previewUrlSecret` documents the Studio
 * writes, each valid for an hour), kept in a signed cookie, switched off by clearing it. Without a
 * valid cookie every page shows published content.
 */
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import type { SanityClient } from '@sanity/client';
import type { ContentPerspective } from '../content/perspective.ts';
import {
  DRAFT_MODE_COOKIE, PERSPECTIVE_COOKIE, clearCookieHeader, cookieValue, isValidDraftMode, setCookieHeader, signDraftMode,
} from './draft-cookie.ts';
import { NO_STORE_HEADERS } from './headers.ts';
import { sitePath } from './redirect-path.ts';

/** Presentation's perspective names: `published`, or drafts (`drafts`, `previewDrafts`, a release stack ending in drafts). */
export function perspectiveFromSetting(value: string | null | undefined): ContentPerspective {
  return value?.trim() === 'published' ? 'published' : 'drafts';
}

/**
 * Which content a request sees: published without a valid draft-mode cookie; with one, the
 * perspective Presentation asks for (the page's `sanity-preview-perspective` parameter, else its
 * cookie), drafts by default.
 */
/** Draft mode: a valid draft-mode cookie (click-to-edit and the overlays are on, whichever perspective is shown). */
export function isDraftModeRequest(request: Request, secret: string | undefined, nowMs: number = Date.now()): boolean {
  return isValidDraftMode(cookieValue(request.headers.get('cookie'), DRAFT_MODE_COOKIE), secret, nowMs);
}

export function requestPerspective(request: Request, secret: string | undefined, nowMs: number = Date.now()): ContentPerspective {
  const cookies = request.headers.get('cookie');
  if (!isValidDraftMode(cookieValue(cookies, DRAFT_MODE_COOKIE), secret, nowMs)) return 'published';
  const asked = new URL(request.url).searchParams.get(PERSPECTIVE_COOKIE) ?? cookieValue(cookies, PERSPECTIVE_COOKIE);
  return perspectiveFromSetting(asked);
}

import type { SecretClient } from '../content/secret-client.ts';

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE_HEADERS, ...headers } });
}

/**
 * `/api/preview/enable?sanity-preview-secret=…&sanity-preview-pathname=…&sanity-preview-perspective=…`:
 * a valid secret sets the signed cookie and redirects to the pathname (a path of this site only);
 * anything else answers 401 and sets nothing.
 */
export async function enableDraftMode(request: Request, client: SecretClient, secret: string | undefined, nowMs: number = Date.now()): Promise<Response> {
  if (!secret) return plain(500, 'Draft mode is not set up on this site: PREVIEW_COOKIE_SECRET is missing.');
  let result: Awaited<ReturnType<typeof validatePreviewUrl>>;
  try {
    result = await validatePreviewUrl(client as SanityClient, request.url);
  } catch (error) {
    console.error(`[preview] the preview secret could not be checked: ${(error as Error).message}`);
    return plain(502, 'The preview secret could not be checked. Try again from the Studio.');
  }
  if (!result.isValid) return plain(401, 'Invalid or expired preview secret. Open the preview from the Studio again.');
  const location = sitePath(result.redirectTo);
  const headers = new Headers({ Location: location, ...NO_STORE_HEADERS });
  headers.append('Set-Cookie', setCookieHeader(DRAFT_MODE_COOKIE, signDraftMode(secret, nowMs)));
  const perspective = result.studioPreviewPerspective;
  headers.append('Set-Cookie', perspective ? setCookieHeader(PERSPECTIVE_COOKIE, perspective) : clearCookieHeader(PERSPECTIVE_COOKIE));
  return new Response(null, { status: 307, headers });
}

/** `/api/preview/disable[?redirect=/path]`: clears both cookies (same attributes) and goes back to a path of this site. */
export function disableDraftMode(request: Request): Response {
  const location = sitePath(new URL(request.url).searchParams.get('redirect'));
  const headers = new Headers({ Location: location, ...NO_STORE_HEADERS });
  headers.append('Set-Cookie', clearCookieHeader(DRAFT_MODE_COOKIE));
  headers.append('Set-Cookie', clearCookieHeader(PERSPECTIVE_COOKIE));
  return new Response(null, { status: 307, headers });
}
