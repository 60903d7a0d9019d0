/**
 * What the overlays (overlays.client.ts) are given, kept apart from them so it can be tested
 * without a Studio: the history adapter, the refresh handler and the perspective switch of a page
 * drawn on request.
 */
import { urlSearchParamPreviewPerspective } from '@sanity/preview-url-secret/constants';
import { perspectiveSetting, readPerspective } from '../content/perspective-name.ts';
import { hasNewInlineCode, redrawDocument, sameText } from './redraw.ts';

/** The preview site's route that keeps a perspective for the draft-mode session (perspective-switch.ts). */
export const PERSPECTIVE_SWITCH_PATH = '/api/preview/perspective';

type PageWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener' | 'document'>;

interface HistoryUpdate { type: 'push' | 'pop' | 'replace'; title?: string; url: string }

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
      const onPop = () => navigate({ type: 'pop', url: pageUrl(win.location), title: win.document.title });
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
 * Runs `run` for each call, one at a time; calls made while one runs share a single run after it.
 * Each call's promise settles when a run that started after the call has finished, so the last
 * saved state is the one drawn, and never an older one after it.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    const next = running.catch(() => undefined).then(() => {
      queued = null;
      return start();
    });
    queued = next;
    return next;
  };
}

type RedrawWindow = Pick<Window, 'location' | 'document' | 'fetch' | 'scrollX' | 'scrollY' | 'scrollTo'> & { DOMParser: typeof DOMParser };

/**
 * The page at the window's address, rendered again (the draft-mode cookie goes with the request),
 * or null when it cannot be had as a page: a network error, a status other than 200, a redirect,
 * or something other than HTML.
 */
export async function fetchPage(win: RedrawWindow): Promise<Document | null> {
  try {
    const url = win.location.href.split('#')[0]!;
    const response = await win.fetch(url, { credentials: 'include', cache: 'no-store', headers: { accept: 'text/html' } });
    const html = await response.text();
    if (response.status !== 200 || response.redirected || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return null;
    return new win.DOMParser().parseFromString(html, 'text/html');
  } catch {
    return null;
  }
}

/**
 * Draws the page again in place (redraw.ts), with the refreshes coalesced; falls back to a full
 * load when the new render cannot be had or brings inline code the page's policy does not allow.
 * The render the page was served with is fetched at once: what an edit changed is
 * what differs between two renders, and anything else on the page is the page's scripts' own.
 * If that render's text already differs from the page's, an edit was saved in between: the first
 * redraw then goes without it (the new render wins everywhere).
 */
export function pageRedraw(win: RedrawWindow): () => Promise<void> {
  let base: Promise<Document | null> = fetchPage(win).then((page) => (page && sameText(win.document, page) ? page : null));
  const loadAgain = () => {
    win.location.reload();
    // The page is going: Presentation's own timeout reports the refresh done.
    return new Promise<void>(() => {});
  };
  return coalesce(async () => {
    const previous = await base;
    const next = await fetchPage(win);
    if (!next || hasNewInlineCode(win.document, next)) return loadAgain();
    const { scrollX, scrollY } = win;
    try {
      redrawDocument(win.document, next, previous);
    } catch {
      return loadAgain();
    }
    // Instant: the site's CSS makes scrolling smooth.
    if (win.scrollX !== scrollX || win.scrollY !== scrollY) win.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    base = Promise.resolve(next);
  });
}

/**
 * Presentation's refresh (its button, or a saved edit): the page is drawn again in place, with the
 * edit. The promise tells the overlays when it is done (they report refreshing, then refreshed).
 */
export function refreshPage(redraw: () => Promise<void>) {
  return (payload: { source: string }): false | Promise<void> => {
    if (payload.source !== 'manual' && payload.source !== 'mutation') return false;
    return redraw();
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
    const shown = win.document.querySelector('[data-perspective]')?.getAttribute('data-perspective');
    if (shown === setting) return undefined;
    return (async () => {
      let kept = false;
      try {
        const answer = await win.fetch(PERSPECTIVE_SWITCH_PATH, {
          method: 'POST', credentials: 'include', cache: 'no-store', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ perspective }),
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
