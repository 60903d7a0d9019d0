/**
 * Drawing the page again in place (redraw.ts) in Presentation, from either of two renders:
 * - the dataset's: the page's address fetched again (a refresh, a perspective switch);
 * - the Studio's result: the result of a `loader/query-change` posted to the page's own address
 *   (posted-content.ts), which answers it drawn as a page.
 * One draw at a time; what is asked for during a draw replaces what was waiting, so the last asked
 * is the one drawn, and never an older one after it.
 */
import { urlSearchParamPreviewPerspective } from '@sanity/preview-url-secret/constants';
import { hasNewInlineCode, redrawDocument, sameText } from './redraw.ts';

/**
 * Runs `run` for each call, one at a time; while one runs, a new call replaces the one waiting (its
 * argument is dropped), and every call made during that run settles when the run after it has
 * finished. So the argument given last is the one run last, and none is run after a newer one.
 */
export function latestWins<T>(run: (job: T) => Promise<void>): (job: T) => Promise<void> {
  let running: Promise<void> | null = null;
  let waiting: { job: T; done: Promise<void> } | null = null;
  const start = (job: T): Promise<void> => {
    const current = run(job).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return (job) => {
    if (waiting) {
      waiting.job = job;
      return waiting.done;
    }
    if (!running) return start(job);
    const next: { job: T; done: Promise<void> } = {
      job,
      done: running
        .catch(() => undefined)
        .then(() => {
          waiting = null;
          return start(next.job);
        }),
    };
    waiting = next;
    return next.done;
  };
}

export type DrawWindow = Pick<
  Window,
  'location' | 'document' | 'fetch' | 'scrollX' | 'scrollY' | 'scrollTo'
> & {
  DOMParser: typeof DOMParser;
  performance?: Pick<Performance, 'now' | 'measure'>;
  console?: Pick<Console, 'warn'>;
};

/** What a `loader/query-change` carries that the page needs to draw it. */
export interface StudioResult {
  query: string;
  params: unknown;
  /** The perspective as the Studio names it (`drafts`, or a stack as an array). */
  perspective: unknown;
  /** The perspective as the page's address writes it (`rLaunch,drafts`). */
  perspectiveSetting: string;
  result: unknown;
}

/** A render: a page to draw, `reload` (the page must be loaded again) or `keep` (the page stays as it is). */
type Render = Document | 'reload' | 'keep';

const pageAddress = (win: Pick<Window, 'location'>) => win.location.href.split('#')[0]!;

async function asPage(win: DrawWindow, response: Response): Promise<Document | null> {
  const html = await response.text();
  if (
    response.status !== 200 ||
    response.redirected ||
    !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')
  )
    return null;
  return new win.DOMParser().parseFromString(html, 'text/html');
}

/**
 * The page at the window's address, rendered again (the draft-mode cookie goes with the request),
 * or null when it cannot be had as a page: a network error, a status other than 200, a redirect,
 * or something other than HTML.
 */
async function fetchPage(win: DrawWindow): Promise<Document | null> {
  try {
    return await asPage(
      win,
      await win.fetch(pageAddress(win), {
        credentials: 'include',
        cache: 'no-store',
        headers: { accept: 'text/html' },
      }),
    );
  } catch {
    return null;
  }
}

/**
 * The Studio's result drawn as this page by the server: posted to the page's address in the
 * result's perspective. Draft mode gone (401) loads the page again (it then shows published
 * content); any other refusal (content that does not validate while the editor types, a network
 * error) keeps the page as it is, and the next change or save draws it.
 */
async function fetchResultPage(win: DrawWindow, studio: StudioResult): Promise<Render> {
  const url = new URL(pageAddress(win));
  url.searchParams.set(urlSearchParamPreviewPerspective, studio.perspectiveSetting);
  try {
    const response = await win.fetch(url.href, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'text/html' },
      body: JSON.stringify({
        query: studio.query,
        params: studio.params,
        perspective: studio.perspective,
        result: studio.result,
      }),
    });
    if (response.status === 401) {
      await response.arrayBuffer();
      return 'reload';
    }
    if (response.status !== 200) {
      const refusal = await response.text();
      (win.console ?? console).warn(
        `[preview] the Studio's change was not drawn (${response.status}): ${refusal.slice(0, 500)}`,
      );
      return 'keep';
    }
    return (await asPage(win, response)) ?? 'keep';
  } catch {
    return 'keep';
  }
}

type Job = { kind: 'dataset' } | { kind: 'result'; studio: StudioResult };

export interface PageDrawer {
  /** Draws the page as the dataset has it now (a refresh, a perspective switch). */
  fromDataset: () => Promise<void>;
  /** Draws the page from the Studio's result (a `loader/query-change`). */
  fromResult: (studio: StudioResult) => Promise<void>;
}

/**
 * One drawer for the page: the render the page was served with is fetched at once (what an edit
 * changed is what differs between two renders; anything else on the page is the page's scripts'
 * own). If that render's text already differs from the page's, an edit was saved in between: the
 * first redraw then goes without it (the new render wins everywhere). A render that cannot be had
 * from the dataset, or that brings inline code the page's policy does not allow, loads the page
 * instead. Each draw is measured (`preview-render`, `preview-redraw`) for the preview bench.
 */
export function pageDrawer(win: DrawWindow): PageDrawer {
  let base: Promise<Document | null> = fetchPage(win).then((page) =>
    page && sameText(win.document, page) ? page : null,
  );
  const loadAgain = () => {
    win.location.reload();
    // The page is going: Presentation's own timeout reports the refresh done.
    return new Promise<void>(() => {});
  };
  const draw = latestWins<Job>(async (job) => {
    const previous = await base;
    const started = win.performance?.now();
    const next: Render =
      job.kind === 'dataset'
        ? ((await fetchPage(win)) ?? 'reload')
        : await fetchResultPage(win, job.studio);
    if (next === 'keep') return;
    if (next === 'reload' || hasNewInlineCode(win.document, next)) return loadAgain();
    const rendered = win.performance?.now();
    const { scrollX, scrollY } = win;
    try {
      redrawDocument(win.document, next, previous);
    } catch {
      return loadAgain();
    }
    // Instant: the site's CSS makes scrolling smooth.
    if (win.scrollX !== scrollX || win.scrollY !== scrollY)
      win.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
    base = Promise.resolve(next);
    if (started !== undefined && rendered !== undefined) {
      win.performance!.measure(`preview-render-${job.kind}`, { start: started, end: rendered });
      win.performance!.measure(`preview-redraw-${job.kind}`, {
        start: rendered,
        end: win.performance!.now(),
      });
    }
  });
  return {
    fromDataset: () => draw({ kind: 'dataset' }),
    fromResult: (studio) => draw({ kind: 'result', studio }),
  };
}
