/** The overlays' history adapter and refresh handler, with a stand-in window (no Studio). */
import { describe, expect, it, vi } from 'vitest';
import { historyAdapter, pageUrl, refreshPage } from '../../../src/lib/preview/overlay-options.ts';
import { withOverlays, OVERLAYS_SCRIPT_PATH } from '../../../src/lib/preview/overlays.ts';

function fakeWindow(path = '/uw-husky-mobile/fan') {
  const listeners = new Map<string, () => void>();
  const url = new URL(`http://localhost:4322${path}`);
  return {
    listeners,
    location: { pathname: url.pathname, search: url.search, hash: url.hash, assign: vi.fn(), replace: vi.fn(), reload: vi.fn() },
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
    expect(navigate).toHaveBeenCalledWith({ type: 'push', url: '/uw-husky-mobile/fan?x=1', title: 'Fan plans' });
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
    expect(pageUrl({ pathname: '/a', search: '?sanity-preview-perspective=drafts&b=1', hash: '' })).toBe('/a?b=1');
    expect(pageUrl({ pathname: '/a', search: '?sanity-preview-perspective=drafts', hash: '' })).toBe('/a');
  });

  it('draw the page again on a manual refresh or a saved edit', () => {
    const win = fakeWindow();
    const refresh = refreshPage(win as never);
    expect(refresh({ source: 'manual' })).toBeInstanceOf(Promise);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    void refresh({ source: 'mutation' });
    expect(win.location.reload).toHaveBeenCalledTimes(2);
    expect(refresh({ source: 'other' })).toBe(false);
  });

  it('add the overlay script at the end of the body', () => {
    expect(withOverlays('<html><body><p>x</p></body></html>')).toBe(`<html><body><p>x</p><script type="module" src="${OVERLAYS_SCRIPT_PATH}"></script></body></html>`);
  });
});
