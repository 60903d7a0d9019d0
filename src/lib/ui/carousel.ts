/** Carousel arithmetic (docs/behaviour.md §4, §9): which card a scroll offset shows, and where a card starts. */
export const CAROUSEL_GAP_PX = 16;
export const CAROUSEL_LISTENER_DELAY_MS = 500;

export function activeIndex(
  scrollLeft: number,
  cardWidth: number,
  count: number,
  gap = CAROUSEL_GAP_PX,
): number {
  if (cardWidth <= 0 || count <= 0) return 0;
  const index = Math.round(scrollLeft / (cardWidth + gap));
  return Math.min(Math.max(index, 0), count - 1);
}

export function cardOffset(index: number, cardWidth: number, gap = CAROUSEL_GAP_PX): number {
  return index * (cardWidth + gap);
}
