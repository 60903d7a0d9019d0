/**
 * In-page anchors under the fixed header (docs/behaviour.md §2, §9): the anchor ends up this far below the
 * top of the viewport, and after arriving on a page with a #fragment the scroll happens once
 * more after 1 s, when late images and islands have settled the layout.
 */
export const HEADER_OFFSET_PHONE_PX = 95;
export const HEADER_OFFSET_DESKTOP_PX = 105;
export const MOBILE_BREAKPOINT_PX = 768;
export const FRAGMENT_SCROLL_DELAY_MS = 1000;

export function headerOffset(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT_PX ? HEADER_OFFSET_PHONE_PX : HEADER_OFFSET_DESKTOP_PX;
}

/** The window scroll position that puts an element (top at `elementTop` in the viewport) just below the header. */
export function anchorScrollTop(
  elementTop: number,
  scrollY: number,
  viewportWidth: number,
): number {
  return Math.max(0, Math.round(scrollY + elementTop - headerOffset(viewportWidth)));
}

/** The element id a location hash names ("#faqs" -> "faqs"), or undefined for "", "#" and bad escapes. */
export function fragmentId(hash: string): string | undefined {
  if (hash.length < 2 || !hash.startsWith('#')) return undefined;
  try {
    return decodeURIComponent(hash.slice(1)) || undefined;
  } catch {
    return undefined;
  }
}
