/**
 * The one guard of every POST that draft mode allows on the editors' preview site: a school page's
 * posted result (posted-content.ts) and the perspective switch (perspective-switch.ts). Both take
 * something from the browser and act on it with the editor's cookie, so both refuse, in this order
 * and each with its reason (a 4xx, never a 500):
 * 1. a method other than POST (405);
 * 2. a request that is not from this site's own pages: `Sec-Fetch-Site: same-origin` and an
 *    `Origin` of this site, both required (403). A browser sends both on every POST (a same-origin
 *    `fetch` too); a request without them did not come from one of this site's pages;
 * 3. no draft mode (401), read before anything of the body: a visitor's post costs one cookie check;
 * 4. a declared body over the endpoint's limit (413), a body that is not `application/json` (415:
 *    a cross-site form cannot send JSON without a preflight, which nothing here answers), a body
 *    that grows past the limit as it is read (413);
 * 5. a body that is not JSON (400).
 * What passes is the request's draft-mode state and the body's JSON value.
 */
import { answer, checkJsonPost, jsonBody } from '../../functions/function-http.ts';
import type { DraftModeState } from './draft-mode.ts';

export const NOT_OUR_PAGE = 'this site takes draft-mode posts from its own pages only';
export const NOT_IN_DRAFT_MODE = 'not in draft mode: open the preview from the Studio';

export type DraftPost =
  { ok: true; state: DraftModeState; value: unknown } | { ok: false; response: Response };

/** Whether the browser says the request comes from a page of this site, and names this origin. */
export function isOwnPagePost(request: Request): boolean {
  return (
    request.headers.get('sec-fetch-site') === 'same-origin' &&
    request.headers.get('origin') === new URL(request.url).origin
  );
}

/**
 * The request's draft-mode state and JSON body, or the refusal. `access` reads draft mode
 * (draft-mode.ts `draftModeOf`); it is asked only once the origin passed.
 */
export async function guardDraftPost(
  request: Request,
  maxBodyBytes: number,
  access: () => Promise<DraftModeState>,
): Promise<DraftPost> {
  if (request.method !== 'POST')
    return { ok: false, response: answer(405, 'method not allowed', { allow: 'POST' }) };
  if (!isOwnPagePost(request)) return { ok: false, response: answer(403, NOT_OUR_PAGE) };
  const state = await access();
  if (!state.draftMode) return { ok: false, response: answer(401, NOT_IN_DRAFT_MODE) };
  const checked = await checkJsonPost(request, maxBodyBytes);
  if (!checked.ok) return checked;
  const json = jsonBody(checked.body);
  if (!json.ok) return { ok: false, response: json.response };
  return { ok: true, state, value: json.value };
}
