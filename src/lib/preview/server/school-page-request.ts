/**
 * A request to a school page of the editors' preview site, up to its props: a post (the Studio's
 * result for the page's query, posted-content.ts) is refused or read first, and only then is the
 * page's school looked up (school-page.ts: its tenant record, a release stack's releases, and the
 * query when nothing was posted). So a refused post costs no lookup, and a post that passes costs
 * what its page costs. A failed lookup throws, as in schoolPageProps.
 */
import type { DraftModeState } from './draft-mode.ts';
import { postedContent } from './posted-content.ts';
import {
  schoolPageProps,
  type MatchedSchoolRoute,
  type OnDemandPageProps,
  type SchoolPageDeps,
} from './school-page.ts';

export type SchoolPageRequest =
  | { ok: false; response: Response }
  | { ok: true; state: DraftModeState; props: OnDemandPageProps | undefined };

/** `access`: the request's draft mode, read once (draft-mode.ts); `deps`: tests give their own lookups. */
export async function schoolPageRequest(
  request: Request,
  route: MatchedSchoolRoute,
  access: () => Promise<DraftModeState>,
  deps?: SchoolPageDeps,
): Promise<SchoolPageRequest> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const state = await access();
    return { ok: true, state, props: await schoolPageProps(route, state, deps) };
  }
  const read = await postedContent(request, route.params.school ?? '', access);
  if (!read.ok) return read;
  return {
    ok: true,
    state: read.state,
    props: await schoolPageProps(route, read.state, deps, read.content),
  };
}
