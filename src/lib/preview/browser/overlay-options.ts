/**
 * What the overlays (overlays.ts) are given, kept apart from them so it can be tested
 * without a Studio: the history adapter, the refresh handler and the perspective switch of a page
 * drawn on request (the drawing itself: page-draw.ts).
 */
import { urlSearchParamPreviewPerspective } from '@sanity/preview-url-secret/constants';
import { perspectiveSetting, readPerspective } from '../../content/perspective-name.ts';
import { PERSPECTIVE_SWITCH_PATH } from '../paths.ts';

type PageWindow = Pick<
  Window,
  'location' | 'history' | 'addEventListener' | 'removeEventListener' | 'document'
>;

interface HistoryUpdate {
  type: 'push' | 'pop' | 'replace';
  title?: string;
  url: string;
}

/**
 * The path, query and fragment of a location: what Presentation's address bar shows after its
 * preview origin. Presentation's own parameters (`sanity-preview-…`, added when draft mode is
 * switched on) are left out.
 */
export function pageUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const query = new URLSearchParams(location.search);
  for (const name of [...query.keys()]) if (name.startsWith('sanity-preview-')) query.delete(name);
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * Every page is a document of its own (no client-side router): on load the frame reports its
 * address (and again on back/forward), and an address Presentation asks for is simply loaded.
 */
export function historyAdapter(win: PageWindow) {
  return {
    subscribe(navigate: (update: HistoryUpdate) => void) {
      navigate({ type: 'push', url: pageUrl(win.location), title: win.document.title });
      const onPop = () =>
        navigate({ type: 'pop', url: pageUrl(win.location), title: win.document.title });
      win.addEventListener('popstate', onPop);
      return () => win.removeEventListener('popstate', onPop);
    },
    update(update: HistoryUpdate) {
      if (update.type === 'pop') win.history.back();
      else if (update.url !== pageUrl(win.location)) {
        if (update.type === 'replace') win.location.replace(update.url);
        else win.location.assign(update.url);
      }
    },
  };
}

/**
 * Presentation's refresh: its button (`manual`) draws the page again in place from the dataset;
 * a saved edit (`mutation`, deprecated: the next Studio major stops sending it) does so only while
 * the page's loaders node is not live (`loadersLive`, loaders.ts): with it, each change already
 * reached the page, unsaved, and the saved state would paint an older text over what the editor
 * types. The promise tells the overlays when it is done (they report refreshing, then refreshed);
 * false: nothing to do.
 */
export function refreshPage(redraw: () => Promise<void>, loadersLive: () => boolean = () => false) {
  return (payload: { source: string }): false | Promise<void> => {
    if (payload.source === 'manual') return redraw();
    if (payload.source === 'mutation' && !loadersLive()) return redraw();
    return false;
  };
}

type SwitchWindow = Pick<Window, 'location' | 'history' | 'document' | 'fetch'>;

/**
 * Presentation's perspective menu (`onPerspectiveChange`; the overlays then answer
 * `visual-editing/fetch-perspective` with `handlesPerspectiveChange: true`, so the Studio leaves
 * the frame where it is): a perspective other than the one the page shows (its preview bar's
 * `data-perspective`) is kept for the session (PERSPECTIVE_SWITCH_PATH), written into the page's
 * address (a reload, and the next redraw, ask for it), and the page is drawn again in place with
 * `redraw`, the one the refreshes use. Where the session cannot keep it (draft mode ended), the
 * page is loaded again.
 */
export function perspectiveSwitch(win: SwitchWindow, redraw: () => Promise<void>) {
  return (perspective: unknown): Promise<void> | undefined => {
    const setting = perspectiveSetting(readPerspective(perspective));
    const shown = win.document
      .querySelector('[data-perspective]')
      ?.getAttribute('data-perspective');
    if (shown === setting) return undefined;
    return (async () => {
      let kept: boolean;
      try {
        const answer = await win.fetch(PERSPECTIVE_SWITCH_PATH, {
          method: 'POST',
          credentials: 'include',
          cache: 'no-store',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ perspective }),
        });
        await answer.arrayBuffer();
        kept = answer.ok;
      } catch {
        kept = false;
      }
      if (!kept) {
        win.location.reload();
        return;
      }
      const url = new URL(win.location.href);
      url.searchParams.set(urlSearchParamPreviewPerspective, setting);
      win.history.replaceState(win.history.state, '', url);
      await redraw();
    })();
  };
}
