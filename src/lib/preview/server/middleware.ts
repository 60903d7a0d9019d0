/**
 * Every request of the editors' preview site: a school page gets its school's data for this
 * request (school-page.ts) in the perspective draft mode allows, or, posted to its address, the
 * Studio's result for its query (posted-content.ts); in draft mode the page names that query for
 * its loaders node (live-query.ts); every response gets the preview's headers (headers.ts);
 * robots.txt keeps every crawler out.
 */
import { defineMiddleware } from 'astro:middleware';
import { env } from '../../config/env.ts';
import { previewFunctionSetupRefusal } from '../../config/preview-function-settings.ts';
import { single } from '../../content/index.ts';
import { coverageMapSources } from '../../coverage/island-props.ts';
import { isSchoolRoute } from '../../routing/on-demand-page.ts';
import { draftModeOf, type DraftModeState } from './draft-mode.ts';
import { editAttribute } from './edit-attribute.ts';
import { withOverlays } from './overlays-tag.ts';
import { PREVIEW_ROBOTS_TXT, previewCsp, studioOrigins, withPreviewHeaders } from './headers.ts';
import { pageLiveQuery } from './page-live-query.ts';
import type { LiveQuery } from '../live-query.ts';
import { schoolPageRequest } from './school-page-request.ts';

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title><h1>Not found</h1><p>No page of a school in the preview has this address.</p></html>';

function page(status: number, html: string): Response {
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

export const onRequest = defineMiddleware(async (context, next) => {
  const settings = env();
  // Settings scoped to Functions only are invisible to the build: a deployed function names what it lacks.
  const unset = previewFunctionSetupRefusal(context.locals);
  if (unset)
    return withPreviewHeaders(
      new Response(unset, {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
      previewCsp(settings, null),
    );
  if (context.url.pathname === '/robots.txt') {
    return withPreviewHeaders(
      new Response(PREVIEW_ROBOTS_TXT, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
      previewCsp(settings, null),
    );
  }
  let frameUrl: string | undefined;
  let draftMode = false;
  let liveQuery: LiveQuery | undefined;
  if (isSchoolRoute(context.routePattern)) {
    let access: DraftModeState | undefined;
    const accessOnce = async () => (access ??= await draftModeOf(context.request, settings));
    // A post is the Studio's result for this page's query (posted-content.ts): drawn instead of the query's, or refused.
    let read: Awaited<ReturnType<typeof schoolPageRequest>>;
    try {
      read = await schoolPageRequest(
        context.request,
        { pattern: context.routePattern, params: context.params },
        accessOnce,
      );
    } catch (error) {
      console.error(`[preview] ${context.url.pathname}: ${(error as Error).message}`);
      return withPreviewHeaders(
        page(
          502,
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview unavailable</title><p>This page cannot be drawn now: ${String((error as Error).message).replace(/[<&]/g, '')}</p></html>`,
        ),
        previewCsp(settings, null),
      );
    }
    // The refusal's own policy is the public functions' (frame-ancestors 'none'): the preview's replaces it.
    if (!read.ok) return withPreviewHeaders(read.response, previewCsp(settings, null));
    const { state, props } = read;
    draftMode = state.draftMode;
    if (!props) return withPreviewHeaders(page(404, NOT_FOUND_PAGE), previewCsp(settings, null));
    // Draft mode: every field a page shows names itself (data-sanity) for Presentation's overlays.
    if (draftMode) {
      props.editAttribute = editAttribute;
      // The query the page was drawn from, for its loaders node to listen for (loaders.ts).
      liveQuery = pageLiveQuery(settings, context.params.school ?? '', state);
    }
    context.locals.schoolPage = props;
    if (context.routePattern === '/[school]/coverage-map')
      frameUrl = coverageMapSources(
        props.settings,
        single(props.site.content, 'coverageMapPage'),
      ).embedUrl;
  }
  const response = await next();
  const body = (response.headers.get('content-type') ?? '').includes('text/html')
    ? await response.text()
    : null;
  const html =
    body !== null && draftMode
      ? withOverlays(body, { studioOrigins: studioOrigins(settings.SANITY_STUDIO_URL), liveQuery })
      : body;
  const answer = html === null ? response : new Response(html, response);
  return withPreviewHeaders(answer, previewCsp(settings, html, frameUrl));
});
