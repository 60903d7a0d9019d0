/**
 * Presentation's overlays (`@sanity/visual-editing`) and the page's loaders node on the editors'
 * preview site: bundled once per preview build into a static file of its own (browser/overlays.ts,
 * build/overlays-build.ts), and added to a page only in draft mode (middleware.ts), after the query
 * the page was drawn from (live-query.ts) and the Studio origins it takes messages from
 * (studio-messages.ts). The public static build never builds or links it.
 */
import { liveQueryElement, type LiveQuery } from '../live-query.ts';
import { OVERLAYS_SCRIPT_PATH } from '../paths.ts';
import { studioOriginsElement } from '../studio-messages.ts';

const TAG = `<script type="module" src="${OVERLAYS_SCRIPT_PATH}"></script>`;

/**
 * The page with the overlays' script at the end of its body, after the Studio origins (none: the
 * page hears no one) and the page's query, when it has one.
 */
export function withOverlays(
  html: string,
  { studioOrigins, liveQuery }: { studioOrigins: readonly string[]; liveQuery?: LiveQuery },
): string {
  const tags = `${studioOriginsElement(studioOrigins)}${liveQuery ? liveQueryElement(liveQuery) : ''}${TAG}`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? `${html}${tags}` : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
