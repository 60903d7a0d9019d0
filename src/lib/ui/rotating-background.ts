/** The rotating background of the coming-soon and search pages (docs/behaviour.md §4, §9). */

export const BACKGROUND_ROTATION_MS = 5000;

/** The six coming-soon images, served from public/backgrounds. */
export const COMING_SOON_BACKGROUNDS: readonly string[] = Array.from(
  { length: 6 },
  (_, index) => `/backgrounds/coming-soon-${index + 1}.webp`,
);

/** The image after `index`, wrapping round to the first. */
export function nextBackgroundIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/**
 * The visitor's choice to pause the backgrounds holds for the visit: it is kept in the tab's
 * sessionStorage under this key ('1' while paused) and read before a page's first rotation.
 */
export const PAUSE_CHOICE_KEY = 'background-paused';

/** The part of Storage the choice needs (sessionStorage in the browser). */
export type ChoiceStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whether the visitor paused the backgrounds earlier in the visit. No store, or one that refuses, means no. */
export function pausedByVisitor(store: ChoiceStore | undefined): boolean {
  try {
    return store?.getItem(PAUSE_CHOICE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Keeps the choice for the rest of the visit; a store that refuses (private modes, quotas) leaves it to this page. */
export function rememberPause(store: ChoiceStore | undefined, paused: boolean): void {
  try {
    if (paused) store?.setItem(PAUSE_CHOICE_KEY, '1');
    else store?.removeItem(PAUSE_CHOICE_KEY);
  } catch {
    // The choice still holds on this page.
  }
}

/** The backgrounds move only when nobody asked them to keep still: not the visitor, not their reduced-motion setting. */
export function backgroundMoves({
  images,
  paused,
  reduceMotion,
}: {
  images: number;
  paused: boolean;
  reduceMotion: boolean;
}): boolean {
  return images > 1 && !paused && !reduceMotion;
}
