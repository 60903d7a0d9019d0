/**
 * `POST /api/preview/perspective` with `{"perspective": "rLaunch,drafts"}` (or an array, as
 * comlink carries it): the editor picked another perspective in the Studio's menu, and the
 * overlays (overlay-options.ts) keep it for this draft-mode session in the perspective cookie, as
 * next-sanity does, so pages reached afterwards show it too. The request passes the guard of every
 * draft-mode post first (draft-post.ts: this site's own pages, draft mode, JSON, size). The value
 * is kept as read (perspective-name.ts).
 */
import type { Env } from '../../config/env.ts';
import { perspectiveSetting, readPerspective } from '../../content/perspective-name.ts';
import { FUNCTION_HEADERS } from '../../functions/function-http.ts';
import { PERSPECTIVE_COOKIE, setCookieHeader } from './draft-cookie.ts';
import { draftModeOf, type DraftModeDeps } from './draft-mode.ts';
import { guardDraftPost } from './draft-post.ts';

/** Far above any perspective the site reads (MAX_PERSPECTIVE_LENGTH), far below anything costly. */
export const MAX_SWITCH_BODY_BYTES = 4096;

export async function switchPerspective(
  request: Request,
  settings: Pick<Env, 'PREVIEW_COOKIE_SECRET'>,
  deps: DraftModeDeps = {},
): Promise<Response> {
  const guarded = await guardDraftPost(request, MAX_SWITCH_BODY_BYTES, () =>
    draftModeOf(request, settings, deps),
  );
  if (!guarded.ok) return guarded.response;
  const asked = (guarded.value as { perspective?: unknown } | null)?.perspective;
  const setting = perspectiveSetting(readPerspective(asked));
  return new Response(JSON.stringify({ perspective: setting }), {
    status: 200,
    headers: { ...FUNCTION_HEADERS, 'set-cookie': setCookieHeader(PERSPECTIVE_COOKIE, setting) },
  });
}
