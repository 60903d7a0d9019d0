/**
 * `POST` to a school page's own address on the editors' preview site, with the result of its query
 * as the Studio sent it over the loaders channel (`loader/query-change`: the editor's unsaved
 * value merged in): the page answers that content drawn as a page, through the same validation,
 * grouping, views and components as a request render, and the overlays redraw it in place
 * (loaders.ts). It takes content from the browser and puts it on a page, so it is a door:
 * - this site's own pages only: `Sec-Fetch-Site: same-origin` and an `Origin` of this site (403);
 * - draft mode only (401);
 * - JSON only (415; a cross-site form cannot send it without a preflight nothing here answers),
 *   at most MAX_POSTED_CONTENT_BYTES (413);
 * - for this page's query only: SCHOOL_PAGE_CONTENT_QUERY with this school's params (422), in the
 *   perspective the request shows (409);
 * - validated like the dataset (zod, links through the same guard): content that is no page, or a
 *   document that fails its schema, is refused with the reasons (422) and nothing is drawn;
 * - it writes nothing (no cookie, no store); the answer, a page or a refusal, is never cached and
 *   carries the preview's headers (the middleware). Text from content is escaped as on any page.
 */
import {
  ContentError,
  schoolPageContent,
  schoolPageQueryParams,
  type GroupedContent,
} from '../../content/index.ts';
import { perspectiveSetting, readPerspective } from '../../content/perspective-name.ts';
import { SCHOOL_PAGE_CONTENT_QUERY, type SchoolPageAnswer } from '../../content/queries.ts';
import { answer, checkJsonPost, jsonBody } from '../../functions/function-http.ts';
import type { DraftModeState } from './draft-mode.ts';
import { sameParams } from '../live-query.ts';

/**
 * The largest body taken: 1 MiB. A school's answer is its school document, the site settings, its
 * ~40 documents (its overrides) and the 40 product documents they inherit from: about 70 KB for the
 * largest school of the bundled content, and the same for each of 600 synthetic schools made from
 * them (tests/unit/preview/loaders.test.ts measures it), so long copy fits many times over.
 */
export const MAX_POSTED_CONTENT_BYTES = 1_048_576;

/** What the overlays post: the `loader/query-change` fields the page needs. */
export interface PostedResult {
  query: string;
  params: unknown;
  perspective: unknown;
  result: unknown;
}

export type PostedContent =
  { ok: true; content: GroupedContent } | { ok: false; response: Response };

const refuse = (status: number, message: string): PostedContent => ({
  ok: false,
  response: answer(status, message),
});

/** Whether the request comes from a page of this site: the browser says so (Sec-Fetch-Site), and names this origin. */
function isSameOriginPost(request: Request): boolean {
  return (
    request.headers.get('sec-fetch-site') === 'same-origin' &&
    request.headers.get('origin') === new URL(request.url).origin
  );
}

/** How many problems a refusal names (the rest are counted). */
const NAMED_PROBLEMS = 5;

/**
 * The content a post to the school page at `seoSlug` carries, or the refusal to answer. `access`
 * is the request's draft mode (draft-mode.ts), asked by the caller only once the origin passed.
 */
export async function postedContent(
  request: Request,
  seoSlug: string,
  access: () => Promise<DraftModeState>,
): Promise<PostedContent> {
  if (!isSameOriginPost(request))
    return refuse(403, "content is posted from this site's own pages only");
  const state = await access();
  if (!state.draftMode) return refuse(401, 'not in draft mode: open the preview from the Studio');
  const checked = await checkJsonPost(request, MAX_POSTED_CONTENT_BYTES);
  if (!checked.ok) return checked;
  const json = jsonBody(checked.body);
  if (!json.ok) return json;
  const posted = json.value as Partial<PostedResult> | null;
  if (!posted || typeof posted !== 'object') return refuse(422, 'the body names no query result');
  if (
    posted.query !== SCHOOL_PAGE_CONTENT_QUERY ||
    !sameParams(posted.params, schoolPageQueryParams(seoSlug))
  ) {
    return refuse(422, "the result is for another query than this page's");
  }
  if (perspectiveSetting(readPerspective(posted.perspective)) !== perspectiveSetting(state)) {
    return refuse(
      409,
      `the result is for another perspective than this page shows (${perspectiveSetting(state)})`,
    );
  }
  const result = posted.result;
  if (!result || typeof result !== 'object' || Array.isArray(result))
    return refuse(422, 'the result names no school');
  let content: GroupedContent | undefined;
  try {
    content = schoolPageContent(result as SchoolPageAnswer);
  } catch (error) {
    if (error instanceof ContentError) return refuse(422, error.message);
    throw error;
  }
  if (!content?.schools.some((entry) => entry.school.seoSlug === seoSlug))
    return refuse(422, 'the result names no school at this address');
  const invalid = content.problems.filter((problem) => problem.issues !== undefined);
  if (invalid.length) {
    const named = invalid
      .slice(0, NAMED_PROBLEMS)
      .map((problem) => `${problem.documentId ?? problem.documentType}: ${problem.reason}`);
    const more = invalid.length > NAMED_PROBLEMS ? `; ${invalid.length - NAMED_PROBLEMS} more` : '';
    return refuse(422, `the content does not validate: ${named.join('; ')}${more}`);
  }
  return { ok: true, content };
}
