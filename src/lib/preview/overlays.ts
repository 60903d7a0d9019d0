/**
 * Presentation's overlays (`@sanity/visual-editing`) on the editors' preview site: bundled once
 * per preview build into a static file of its own (overlays.client.ts, overlays-build.ts), and added to a page only
 * in draft mode (middleware.ts). The public static build never builds or links it.
 */
/** Where the bundle is served from on the preview site. */
export const OVERLAYS_SCRIPT_PATH = '/_preview/overlays.js';

const TAG = `<script type="module" src="${OVERLAYS_SCRIPT_PATH}"></script>`;

/** The page with the overlays' script at the end of its body. */
export function withOverlays(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? `${html}${TAG}` : `${html.slice(0, at)}${TAG}${html.slice(at)}`;
}
