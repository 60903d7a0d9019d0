/**
 * What the overlays (overlays.client.ts) are given, kept apart from them so it can be tested
 * without a Studio: the history adapter and the refresh handler of a page drawn on request.
 */
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

/** Presentation's refresh (its button, or a saved edit): the page is drawn again on request, with the edit. */
export function refreshPage(win: Pick<Window, 'location'>) {
  return (payload: { source: string }): false | Promise<void> => {
    if (payload.source !== 'manual' && payload.source !== 'mutation') return false;
    return new Promise<void>(() => win.location.reload());
  };
}
