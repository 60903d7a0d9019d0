// @vitest-environment jsdom
/**
 * The rotating background's script with its pause button: rotation every 5 s, the toggle's
 * pressed state, the choice carried to the next page (a fresh start with the same sessionStorage),
 * and reduced motion (still, no button).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_ROTATION_MS,
  PAUSE_CHOICE_KEY,
} from '../../../src/lib/ui/rotating-background.ts';
import { startBackgroundRotation } from '../../../src/lib/ui/rotating-background.client.ts';

/** A matchMedia stand-in whose reduced-motion answer a test can change. */
function reducedMotion(initially: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initially,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = vi.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    set(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

/** The markup RotatingBackground.astro writes, three images. */
function renderPage() {
  document.body.innerHTML = `<div class="rotating-background" data-rotating-background data-active="0" aria-hidden="true">
    ${[1, 2, 3].map((n) => `<img src="/b${n}.webp" alt="" data-background-image${n === 1 ? ' class="is-active"' : ''}>`).join('')}
  </div><button type="button" aria-pressed="false" data-background-toggle hidden><span>Pause background</span></button>`;
  const root = document.querySelector<HTMLElement>('[data-rotating-background]')!;
  const toggle = document.querySelector<HTMLButtonElement>('[data-background-toggle]')!;
  return { root, toggle, stop: startBackgroundRotation(root, toggle) };
}

const active = (root: HTMLElement) => root.dataset['active'];

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('rotating background with its pause button', () => {
  it('shows the button unpressed and moves to the next image every 5 s', () => {
    reducedMotion(false);
    const { root, toggle, stop } = renderPage();
    expect(toggle.hidden).toBe(false);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS - 1);
    expect(active(root)).toBe('0');
    vi.advanceTimersByTime(1);
    expect(active(root)).toBe('1');
    expect(root.querySelectorAll('.is-active')).toHaveLength(1);
    stop();
  });

  it('pressed, it stops at once, says so, and keeps the choice for the visit', () => {
    reducedMotion(false);
    const { root, toggle, stop } = renderPage();
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS);
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(root.hasAttribute('data-paused')).toBe(true);
    expect(sessionStorage.getItem(PAUSE_CHOICE_KEY)).toBe('1');
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS * 10);
    expect(active(root)).toBe('1');

    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(root.hasAttribute('data-paused')).toBe(false);
    expect(sessionStorage.getItem(PAUSE_CHOICE_KEY)).toBeNull();
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS);
    expect(active(root)).toBe('2');
    stop();
  });

  it('on the next page of the visit it starts paused, before any rotation', () => {
    reducedMotion(false);
    sessionStorage.setItem(PAUSE_CHOICE_KEY, '1');
    const { root, toggle, stop } = renderPage();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(root.hasAttribute('data-paused')).toBe(true);
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS * 3);
    expect(active(root)).toBe('0');
    toggle.click();
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS);
    expect(active(root)).toBe('1');
    stop();
  });

  it('holds still for reduced motion and hides the button, which has nothing to pause', () => {
    const motion = reducedMotion(true);
    const { root, toggle, stop } = renderPage();
    expect(toggle.hidden).toBe(true);
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS * 3);
    expect(active(root)).toBe('0');

    // The setting changes while the page is open: the background follows it.
    motion.set(false);
    expect(toggle.hidden).toBe(false);
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS);
    expect(active(root)).toBe('1');
    motion.set(true);
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS * 3);
    expect(active(root)).toBe('1');
    stop();
    expect(motion.listeners.size).toBe(0);
  });

  it('a background of one image never moves and its button stays hidden', () => {
    reducedMotion(false);
    document.body.innerHTML =
      '<div data-rotating-background data-active="0"><img data-background-image class="is-active"></div><button data-background-toggle hidden></button>';
    const root = document.querySelector<HTMLElement>('[data-rotating-background]')!;
    const toggle = document.querySelector<HTMLButtonElement>('[data-background-toggle]')!;
    startBackgroundRotation(root, toggle);
    vi.advanceTimersByTime(BACKGROUND_ROTATION_MS * 2);
    expect(active(root)).toBe('0');
    expect(toggle.hidden).toBe(true);
  });
});
