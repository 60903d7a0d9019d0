/**
 * `POST` to a school page's own address on the editors' preview site, with the result of its query
 * as the Studio sent it over the loaders channel (`loader/query-change`: the editor's unsaved
 * value merged in): the page answers that content drawn as a page, through the same validation,
 * grouping, views and components as a request render, and the overlays redraw it in place
 * (loaders.ts). It takes content from the browser and puts it on a page, so it is a door. It
 * refuses, each with its reason and before any lookup (no tenant record, no query):
 * - what the guard of every draft-mode post refuses (draft-post.ts: 405, 403, 401, 413, 415, 400);
 * - a body that nests too deep or has a `__proto__` field (posted-result.ts, 422);
 * - a result for another query than this page's (SCHOOL_PAGE_CONTENT_QUERY with this school's
 *   params, 422), or in another perspective than the request shows (409);
 * - a result that carries anything but this page's school, the site settings and documents this
 *   school's page may carry (posted-result.ts `documentRefusal`: its own types with its own
 *   reference, and the product documents it inherits from), or too many documents (422);
 * - content that is no page, or a document that fails its schema (zod, links through the same
 *   guard as the dataset's): refused with the reasons (422) and nothing is drawn.
 * It writes nothing (no cookie, no store); the answer, a page or a refusal, is never cached and
 * carries the preview's headers (the middleware). Text from content is escaped as on any page.
 */
import {
  ContentError,
  schoolPageContent,
  schoolPageQueryParams,
  type GroupedContent,
} from '../../content/index.ts';
import { perspectiveSetting, readPerspective } from '../../content/perspective-name.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../content/queries.ts';
import { answer } from '../../functions/function-http.ts';
import { sameParams } from '../live-query.ts';
import type { DraftModeState } from './draft-mode.ts';
import { guardDraftPost } from './draft-post.ts';
import { postedAnswer, postedShapeProblem } from './posted-result.ts';

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

/** The content, with the request's draft-mode state the guard read; or the refusal. */
export type PostedContent =
  { ok: true; content: GroupedContent; state: DraftModeState } | { ok: false; response: Response };

const refuse = (status: number, message: string): PostedContent => ({
  ok: false,
  response: answer(status, message),
});

/** How many problems a refusal names (the rest are counted). */
const NAMED_PROBLEMS = 5;

/**
 * The content a post to the school page at `seoSlug` carries, or the refusal to answer. `access`
 * is the request's draft mode (draft-mode.ts), asked by the guard only once the origin passed.
 */
export async function postedContent(
  request: Request,
  seoSlug: string,
  access: () => Promise<DraftModeState>,
): Promise<PostedContent> {
  const guarded = await guardDraftPost(request, MAX_POSTED_CONTENT_BYTES, access);
  if (!guarded.ok) return guarded;
  const { state, value } = guarded;
  const shape = postedShapeProblem(value);
  if (shape !== undefined) return refuse(422, shape);
  const posted = value as Partial<PostedResult> | null;
  if (!posted || typeof posted !== 'object' || Array.isArray(posted))
    return refuse(422, 'the body names no query result');
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
  const carried = postedAnswer(posted.result, seoSlug);
  if (!carried.ok) return refuse(422, carried.reason);
  let content: GroupedContent | undefined;
  try {
    content = schoolPageContent(carried.answer);
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
  return { ok: true, content, state };
}
