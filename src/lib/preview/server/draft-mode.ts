/**
 * Draft mode of the editors' preview site: switched on only through Presentation's secret
 * (`@sanity/preview-url-secret`, checked against the `sanity.previewUrlSecret` documents the Studio
 * writes, each valid for an hour; Presentation's share-access secret is refused), kept in a signed
 * cookie with an id of its own, switched off by clearing the cookie and recording its id as ended
 * (revocation.ts). Without a valid cookie that has not been ended, every page shows published content.
 */
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import {
  apiVersion,
  fetchSharedAccessQuery,
  tag,
  urlSearchParamPreviewSecret,
} from '@sanity/preview-url-secret/constants';
import type { SanityClient } from '@sanity/client';
import type { Env } from '../../config/env.ts';
import {
  perspectiveSetting,
  readPerspective,
  type ContentPerspective,
} from '../../content/perspective-name.ts';
import type { SecretClient } from '../../content/secret-client.ts';
import {
  DRAFT_MODE_COOKIE,
  PERSPECTIVE_COOKIE,
  clearCookieHeader,
  cookieValue,
  readDraftMode,
  setCookieHeader,
  signDraftMode,
} from './draft-cookie.ts';
import { NO_STORE_HEADERS } from './headers.ts';
import { sitePath } from './redirect-path.ts';
import { revocations, type Revocations } from './revocation.ts';

export interface DraftModeState {
  /** A valid draft-mode cookie that has not been ended: click-to-edit and the overlays are on, whichever perspective is shown. */
  draftMode: boolean;
  perspective: ContentPerspective;
  /** The perspective asked for could not be read (perspective-name.ts): drafts are shown, and the page says so. */
  unreadable?: true;
}

export interface DraftModeDeps {
  revocations?: Revocations;
  nowMs?: number;
}

type CookieSettings = Pick<Env, 'PREVIEW_COOKIE_SECRET'>;

const OFF: DraftModeState = { draftMode: false, perspective: 'published' };
const defaultRevocations = revocations();

function reason(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Which content a request sees: published without a valid draft-mode cookie, or with one that was
 * ended; otherwise the perspective Presentation asks for (the page's `sanity-preview-perspective`
 * parameter, else its cookie), read by readPerspective: drafts by default, and for a value it
 * cannot read. Only a validly signed cookie costs a read of the revocation store (one `get`); when
 * that read fails the request sees published content.
 */
export async function draftModeOf(
  request: Request,
  settings: CookieSettings,
  deps: DraftModeDeps = {},
): Promise<DraftModeState> {
  const nowMs = deps.nowMs ?? Date.now();
  const cookies = request.headers.get('cookie');
  const cookie = readDraftMode(
    cookieValue(cookies, DRAFT_MODE_COOKIE),
    settings.PREVIEW_COOKIE_SECRET,
    nowMs,
  );
  if (!cookie) return OFF;
  try {
    if (await (deps.revocations ?? defaultRevocations).isRevoked(cookie, nowMs)) return OFF;
  } catch (error) {
    // Fail closed: a cookie that may have been ended shows no drafts. The cookie is not logged.
    console.error(
      `[preview] draft mode could not be checked, published content shown (${reason(error)})`,
    );
    return OFF;
  }
  const asked =
    new URL(request.url).searchParams.get(PERSPECTIVE_COOKIE) ??
    cookieValue(cookies, PERSPECTIVE_COOKIE);
  return { draftMode: true, ...readPerspective(asked) };
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE_HEADERS, ...headers },
  });
}

/**
 * The secret of Presentation's "share preview access" (the one `sanity.previewUrlShareAccess`
 * document), null when sharing is off. validatePreviewUrl accepts it with no one-hour window and
 * does not say which secret matched, so the site reads it itself, as the package does.
 */
async function shareAccessSecret(client: SecretClient): Promise<string | null> {
  const secret = await client
    .withConfig({ apiVersion, perspective: 'raw', useCdn: false })
    .fetch<unknown>(fetchSharedAccessQuery, {}, { tag });
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

/**
 * `/api/preview/enable?sanity-preview-secret=…&sanity-preview-pathname=…&sanity-preview-perspective=…`:
 * a valid secret sets the signed cookie and redirects to the pathname (a path of this site only);
 * anything else, the share-access secret included, answers 401 and sets nothing.
 */
export async function enableDraftMode(
  request: Request,
  client: SecretClient,
  secret: string | undefined,
  nowMs: number = Date.now(),
): Promise<Response> {
  if (!secret)
    return plain(500, 'Draft mode is not set up on this site: PREVIEW_COOKIE_SECRET is missing.');
  // No secret to check is a refusal like a wrong one, without asking Sanity.
  if (!new URL(request.url).searchParams.get(urlSearchParamPreviewSecret)?.trim())
    return plain(401, 'Invalid or expired preview secret. Open the preview from the Studio again.');
  let result: Awaited<ReturnType<typeof validatePreviewUrl>>;
  let shared: string | null;
  try {
    [result, shared] = await Promise.all([
      validatePreviewUrl(client as SanityClient, request.url),
      shareAccessSecret(client),
    ]);
  } catch (error) {
    console.error(`[preview] the preview secret could not be checked: ${(error as Error).message}`);
    return plain(502, 'The preview secret could not be checked. Try again from the Studio.');
  }
  if (
    shared !== null &&
    new URL(request.url).searchParams.get(urlSearchParamPreviewSecret) === shared
  ) {
    return plain(
      401,
      "Shared preview links are not supported on this site: draft mode is only for editors signed in to the Studio. Open the preview from the Studio's Presentation tool.",
    );
  }
  if (!result.isValid)
    return plain(401, 'Invalid or expired preview secret. Open the preview from the Studio again.');
  const location = sitePath(result.redirectTo);
  const headers = new Headers({ Location: location, ...NO_STORE_HEADERS });
  headers.append('Set-Cookie', setCookieHeader(DRAFT_MODE_COOKIE, signDraftMode(secret, nowMs)));
  const perspective = result.studioPreviewPerspective;
  // Kept as read (a release stack as `rLaunch,drafts`), so a value no page can read never reaches a query.
  headers.append(
    'Set-Cookie',
    perspective
      ? setCookieHeader(PERSPECTIVE_COOKIE, perspectiveSetting(readPerspective(perspective)))
      : clearCookieHeader(PERSPECTIVE_COOKIE),
  );
  return new Response(null, { status: 307, headers });
}

/**
 * `/api/preview/disable[?redirect=/path]`: ends the request's draft-mode cookie on the server (its
 * id recorded until its expiry, so a copy of it is worth nothing either), clears both cookies (same
 * attributes) and goes back to a path of this site. When the record cannot be written it answers
 * 503 and keeps the cookie, so that trying again can still end it.
 */
export async function disableDraftMode(
  request: Request,
  settings: CookieSettings,
  deps: DraftModeDeps = {},
): Promise<Response> {
  const location = sitePath(new URL(request.url).searchParams.get('redirect'));
  const cookie = readDraftMode(
    cookieValue(request.headers.get('cookie'), DRAFT_MODE_COOKIE),
    settings.PREVIEW_COOKIE_SECRET,
    deps.nowMs ?? Date.now(),
  );
  if (cookie) {
    try {
      await (deps.revocations ?? defaultRevocations).revoke(cookie);
    } catch (error) {
      console.error(`[preview] draft mode could not be ended on the server (${reason(error)})`);
      return plain(503, 'Draft mode could not be switched off just now. Try again in a moment.', {
        'Retry-After': '5',
      });
    }
  }
  const headers = new Headers({ Location: location, ...NO_STORE_HEADERS });
  headers.append('Set-Cookie', clearCookieHeader(DRAFT_MODE_COOKIE));
  headers.append('Set-Cookie', clearCookieHeader(PERSPECTIVE_COOKIE));
  return new Response(null, { status: 307, headers });
}
