/** The rotating background of the coming-soon and search pages (docs/behaviour.md §4, §9). */

export const BACKGROUND_ROTATION_MS = 5000;

/** The six coming-soon images, served from public/backgrounds. */
export const COMING_SOON_BACKGROUNDS: readonly string[] = Array.from({ length: 6 }, (_, index) => `/backgrounds/coming-soon-${index + 1}.webp`);

/** The image after `index`, wrapping round to the first. */
export function nextBackgroundIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}
