/**
 * The perk carousel in the browser (docs/behaviour.md §4, §9): on phones the dots follow the row's scroll
 * position and a pressed dot moves the row to its card. Cards and dots are static HTML
 * (Carousel.astro); this only moves `aria-current` and scrolls. From 768 px CSS hides the dots.
 */
import { CAROUSEL_LISTENER_DELAY_MS, activeIndex, cardOffset } from './carousel.ts';

export function initCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('.carousel-items');
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel__dot')];
  if (!track) return;
  const cardWidth = () => track.querySelector<HTMLElement>('.carousel-item')?.offsetWidth ?? 0;
  const setActive = (active: number) => {
    dots.forEach((dot, index) => {
      if (index === active) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };

  dots.forEach((dot, index) =>
    dot.addEventListener('click', () => {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      track.scrollTo({
        left: cardOffset(index, cardWidth()),
        behavior: reduceMotion ? 'auto' : 'smooth',
      });
      setActive(index);
    }),
  );
  // docs/behaviour.md §9: the scroll listener attaches 500 ms after load, once layout has settled.
  window.setTimeout(
    () =>
      track.addEventListener(
        'scroll',
        () => setActive(activeIndex(track.scrollLeft, cardWidth(), dots.length)),
        { passive: true },
      ),
    CAROUSEL_LISTENER_DELAY_MS,
  );
  root.setAttribute('data-ready', '');
}
