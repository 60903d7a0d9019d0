/**
 * Presentation's overlays (`@sanity/visual-editing`) and the page's loaders node on the editors'
 * preview site: bundled once per preview build into a static file of its own (browser/overlays.ts,
 * build/overlays-build.ts), and added to a page only in draft mode (middleware.ts), after the query
 * the page was drawn from (live-query.ts). The public static build never builds or links it.
 */
import { liveQueryElement, type LiveQuery } from '../live-query.ts';
import { OVERLAYS_SCRIPT_PATH } from '../paths.ts';

const TAG = `<script type="module" src="${OVERLAYS_SCRIPT_PATH}"></script>`;

/** The page with the overlays' script (and the page's query, when it has one) at the end of its body. */
export function withOverlays(html: string, liveQuery?: LiveQuery): string {
  const tags = `${liveQuery ? liveQueryElement(liveQuery) : ''}${TAG}`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? `${html}${tags}` : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
