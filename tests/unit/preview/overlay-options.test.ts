/** The overlays' history adapter, refresh handler and perspective switch, with a stand-in window (no Studio); how refreshes coalesce (page-draw.ts `latestWins`, which the drawer runs them through). */
import { describe, expect, it, vi } from 'vitest';
import {
  historyAdapter,
  pageUrl,
  perspectiveSwitch,
  refreshPage,
} from '../../../src/lib/preview/browser/overlay-options.ts';
import { latestWins } from '../../../src/lib/preview/browser/page-draw.ts';
import { OVERLAYS_SCRIPT_PATH, PERSPECTIVE_SWITCH_PATH } from '../../../src/lib/preview/paths.ts';
import { withOverlays } from '../../../src/lib/preview/server/overlays-tag.ts';

function fakeWindow(path = '/uw-husky-mobile/fan') {
  const listeners = new Map<string, () => void>();
  const url = new URL(`http://localhost:4322${path}`);
  return {
    listeners,
    location: {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      assign: vi.fn(),
      replace: vi.fn(),
      reload: vi.fn(),
    },
    history: { back: vi.fn() },
    document: { title: 'Fan plans' },
    addEventListener: vi.fn((name: string, listener: () => void) => listeners.set(name, listener)),
    removeEventListener: vi.fn((name: string) => listeners.delete(name)),
  };
}

describe('overlay options', () => {
  it('report the page on load and on back/forward, so Presentation shows its address', () => {
    const win = fakeWindow('/uw-husky-mobile/fan?x=1');
    const navigate = vi.fn();
    const stop = historyAdapter(win as never).subscribe(navigate);
    expect(navigate).toHaveBeenCalledWith({
      type: 'push',
      url: '/uw-husky-mobile/fan?x=1',
      title: 'Fan plans',
    });
    win.listeners.get('popstate')!();
    expect(navigate).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'pop' }));
    stop();
    expect(win.listeners.has('popstate')).toBe(false);
  });

  it('load the address Presentation asks for, and nothing when it is the page shown', () => {
    const win = fakeWindow();
    const adapter = historyAdapter(win as never);
    adapter.update({ type: 'push', url: '/uw-husky-mobile/why' });
    expect(win.location.assign).toHaveBeenCalledWith('/uw-husky-mobile/why');
    adapter.update({ type: 'replace', url: '/uw-husky-mobile/student' });
    expect(win.location.replace).toHaveBeenCalledWith('/uw-husky-mobile/student');
    adapter.update({ type: 'push', url: '/uw-husky-mobile/fan' });
    expect(win.location.assign).toHaveBeenCalledTimes(1);
    adapter.update({ type: 'pop', url: '/' });
    expect(win.history.back).toHaveBeenCalled();
    expect(pageUrl({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
    expect(
      pageUrl({ pathname: '/a', search: '?sanity-preview-perspective=drafts&b=1', hash: '' }),
    ).toBe('/a?b=1');
    expect(
      pageUrl({ pathname: '/a', search: '?sanity-preview-perspective=drafts', hash: '' }),
    ).toBe('/a');
  });

  it('draw the page again on a manual refresh or a saved edit, and tell when it is done', async () => {
    let done!: () => void;
    const redraw = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          done = resolve;
        }),
    );
    const refresh = refreshPage(redraw);
    const manual = refresh({ source: 'manual' });
    expect(manual).toBeInstanceOf(Promise);
    expect(redraw).toHaveBeenCalledTimes(1);
    let settled = false;
    void (manual as Promise<void>).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    done();
    await manual;
    expect(settled).toBe(true);
    void refresh({ source: 'mutation' });
    expect(redraw).toHaveBeenCalledTimes(2);
    expect(refresh({ source: 'other' })).toBe(false);
    expect(redraw).toHaveBeenCalledTimes(2);
  });

  it('add the Studio origins and the overlay script at the end of the body', () => {
    expect(
      withOverlays('<html><body><p>x</p></body></html>', {
        studioOrigins: ['https://studio.example'],
      }),
    ).toBe(
      `<html><body><p>x</p><script type="application/json" id="sanity-studio-origins">["https://studio.example"]</script><script type="module" src="${OVERLAYS_SCRIPT_PATH}"></script></body></html>`,
    );
  });
});

/** A run whose end the test decides, recording what it saw when it started. */
function controlledRuns() {
  const started: number[] = [];
  const finish: Array<() => void> = [];
  let state = 0;
  const run = vi.fn(() => {
    started.push(state);
    return new Promise<void>((resolve) => finish.push(resolve));
  });
  return {
    run,
    started,
    finish,
    save: () => {
      state += 1;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refreshes coalesce', () => {
  it('run at once when idle, and again for a call after it ended', async () => {
    const { run, finish } = controlledRuns();
    const redraw = latestWins<void>(run);
    const first = redraw();
    expect(run).toHaveBeenCalledTimes(1);
    finish[0]!();
    await first;
    const second = redraw();
    expect(run).toHaveBeenCalledTimes(2);
    finish[1]!();
    await second;
  });

  it('make the calls during a run share one run after it, which sees the last save', async () => {
    const { run, finish, started, save } = controlledRuns();
    const redraw = latestWins<void>(run);
    const order: string[] = [];
    const first = redraw().then(() => order.push('first'));
    save();
    const second = redraw().then(() => order.push('second'));
    save();
    const third = redraw().then(() => order.push('third'));
    // One run at a time: nothing new starts while the first is under way.
    expect(run).toHaveBeenCalledTimes(1);
    finish[0]!();
    await first;
    await flush();
    expect(run).toHaveBeenCalledTimes(2);
    // The second run started after both saves; the calls made during the first wait for it.
    expect(started).toEqual([0, 2]);
    expect(order).toEqual(['first']);
    finish[1]!();
    await Promise.all([second, third]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('go on after a run that failed', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const redraw = latestWins<void>(run);
    const first = redraw();
    const second = redraw();
    await expect(first).rejects.toThrow('offline');
    await expect(second).resolves.toBeUndefined();
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe("the perspective picked in the Studio's menu", () => {
  function switchWindow(
    shown: string,
    answer: () => Promise<Response> = () => Promise.resolve(new Response('{}', { status: 200 })),
  ) {
    const href = {
      value: `http://localhost:4322/uw-husky-mobile?sanity-preview-perspective=${shown}`,
    };
    const win = {
      location: {
        get href() {
          return href.value;
        },
        reload: vi.fn(),
      },
      history: {
        state: null,
        replaceState: vi.fn((_state: unknown, _title: string, url: URL) => {
          href.value = String(url);
        }),
      },
      document: {
        querySelector: (selector: string) =>
          selector === '[data-perspective]' ? { getAttribute: () => shown } : null,
      },
      fetch: vi.fn(answer),
    };
    return win;
  }

  it('the perspective the page shows: nothing to do (the overlays ask for it as they connect)', () => {
    const redraw = vi.fn(async () => {});
    const win = switchWindow('drafts');
    expect(perspectiveSwitch(win as never, redraw)('drafts')).toBeUndefined();
    expect(
      perspectiveSwitch(switchWindow('rLaunch01,drafts') as never, redraw)(['rLaunch01', 'drafts']),
    ).toBeUndefined();
    expect(win.fetch).not.toHaveBeenCalled();
    expect(redraw).not.toHaveBeenCalled();
  });

  it('another: kept for the session, written into the address, the page drawn again in place', async () => {
    const order: string[] = [];
    const redraw = vi.fn(() => {
      order.push('redraw');
      return Promise.resolve();
    });
    const win = switchWindow('drafts', () => {
      order.push('kept');
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    await perspectiveSwitch(win as never, redraw)(['rLaunch01', 'drafts']);
    expect(win.fetch).toHaveBeenCalledWith(
      PERSPECTIVE_SWITCH_PATH,
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ perspective: ['rLaunch01', 'drafts'] }),
      }),
    );
    expect(win.location.href).toBe(
      'http://localhost:4322/uw-husky-mobile?sanity-preview-perspective=rLaunch01%2Cdrafts',
    );
    expect(order).toEqual(['kept', 'redraw']);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('when the session cannot keep it (draft mode ended, the site unreachable): the page is loaded again', async () => {
    const redraw = vi.fn(async () => {});
    for (const answer of [
      () => Promise.resolve(new Response('{}', { status: 401 })),
      () => Promise.reject(new TypeError('network')),
    ]) {
      const win = switchWindow('drafts', answer);
      await perspectiveSwitch(win as never, redraw)('published');
      expect(win.location.reload).toHaveBeenCalledTimes(1);
      expect(win.history.replaceState).not.toHaveBeenCalled();
    }
    expect(redraw).not.toHaveBeenCalled();
  });
});
