/** The pause choice of the rotating backgrounds (WCAG 2.2.2): kept for the visit, read safely. */
import { describe, expect, it } from 'vitest';
import {
  PAUSE_CHOICE_KEY,
  backgroundMoves,
  pausedByVisitor,
  rememberPause,
  type ChoiceStore,
} from '../../../src/lib/ui/rotating-background.ts';

/** A sessionStorage stand-in. */
function memoryStore(): ChoiceStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/** Storage that refuses everything, as in a locked-down private window. */
const refusing: ChoiceStore = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('the visitor’s pause choice', () => {
  it('is not paused until the visitor pauses', () => {
    expect(pausedByVisitor(memoryStore())).toBe(false);
  });

  it('is kept while paused and cleared when played again', () => {
    const store = memoryStore();
    rememberPause(store, true);
    expect(store.items.get(PAUSE_CHOICE_KEY)).toBe('1');
    expect(pausedByVisitor(store)).toBe(true);
    rememberPause(store, false);
    expect(store.items.has(PAUSE_CHOICE_KEY)).toBe(false);
    expect(pausedByVisitor(store)).toBe(false);
  });

  it('reads only its own value as paused', () => {
    const store = memoryStore();
    for (const value of ['0', 'true', '', 'paused']) {
      store.items.set(PAUSE_CHOICE_KEY, value);
      expect(pausedByVisitor(store), value).toBe(false);
    }
  });

  it('never throws: no store, or one that refuses, means not paused and nothing kept', () => {
    expect(pausedByVisitor(undefined)).toBe(false);
    expect(pausedByVisitor(refusing)).toBe(false);
    expect(() => rememberPause(refusing, true)).not.toThrow();
    expect(() => rememberPause(refusing, false)).not.toThrow();
    expect(() => rememberPause(undefined, true)).not.toThrow();
  });
});

describe('whether the background moves', () => {
  it('moves with two or more images when nobody asked it to keep still', () => {
    expect(backgroundMoves({ images: 6, paused: false, reduceMotion: false })).toBe(true);
    expect(backgroundMoves({ images: 2, paused: false, reduceMotion: false })).toBe(true);
  });

  it('keeps still when paused, for reduced motion, or with one image', () => {
    expect(backgroundMoves({ images: 6, paused: true, reduceMotion: false })).toBe(false);
    expect(backgroundMoves({ images: 6, paused: false, reduceMotion: true })).toBe(false);
    expect(backgroundMoves({ images: 1, paused: false, reduceMotion: false })).toBe(false);
    expect(backgroundMoves({ images: 0, paused: false, reduceMotion: false })).toBe(false);
  });
});
