/**
 * `POST /api/preview/perspective` with `{"perspective": "rLaunch,drafts"}` (or an array, as
 * comlink carries it): the editor picked another perspective in the Studio's menu, and the
 * overlays (overlay-options.ts) keep it for this draft-mode session in the perspective cookie, as
 * next-sanity does, so pages reached afterwards show it too. Only a request in draft mode may, and
 * only as JSON (a cross-site form cannot send that without a preflight this route never answers);
 * a request naming another origin is refused. The value is kept as read (perspective-name.ts).
 */
import type { Env } from '../../config/env.ts';
import { perspectiveSetting, readPerspective } from '../../content/perspective-name.ts';
import {
  answer,
  checkJsonPost,
  FUNCTION_HEADERS,
  jsonBody,
} from '../../functions/function-http.ts';
import { PERSPECTIVE_COOKIE, setCookieHeader } from './draft-cookie.ts';
import { draftModeOf, type DraftModeDeps } from './draft-mode.ts';

/** Far above any perspective the site reads (MAX_PERSPECTIVE_LENGTH), far below anything costly. */
export const MAX_SWITCH_BODY_BYTES = 4096;

export async function switchPerspective(
  request: Request,
  settings: Pick<Env, 'PREVIEW_COOKIE_SECRET'>,
  deps: DraftModeDeps = {},
): Promise<Response> {
  const checked = await checkJsonPost(request, MAX_SWITCH_BODY_BYTES);
  if (!checked.ok) return checked.response;
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin)
    return answer(403, "the perspective is switched from this site's own pages only");
  if (!(await draftModeOf(request, settings, deps)).draftMode)
    return answer(401, 'not in draft mode: open the preview from the Studio');
  const json = jsonBody(checked.body);
  if (!json.ok) return json.response;
  const asked = (json.value as { perspective?: unknown } | null)?.perspective;
  const setting = perspectiveSetting(readPerspective(asked));
  return new Response(JSON.stringify({ perspective: setting }), {
    status: 200,
    headers: { ...FUNCTION_HEADERS, 'set-cookie': setCookieHeader(PERSPECTIVE_COOKIE, setting) },
  });
}
