/**
 * Addresses on the editors' preview site that its three sides agree on: the build serves and
 * routes them (build/integration.ts), the server links them (server/overlays-tag.ts) and the page
 * calls them (browser/overlay-options.ts). No imports: any side may load it.
 */

/** Where the overlays' bundle (browser/overlays.ts) is served from. */
export const OVERLAYS_SCRIPT_PATH = '/_preview/overlays.js';

/** The route that keeps a perspective for the draft-mode session (server/perspective-switch.ts). */
export const PERSPECTIVE_SWITCH_PATH = '/api/preview/perspective';
