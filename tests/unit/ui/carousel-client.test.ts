// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_LISTENER_DELAY_MS } from '../../../src/lib/ui/carousel.ts';
import { initCarousel } from '../../../src/lib/ui/carousel.client.ts';

/** The markup Carousel.astro writes for three perks. */
function renderCarousel() {
  document.body.innerHTML = `<div class="carousel" role="region" aria-label="Perks" data-carousel>
    <ul class="carousel-items">${['A', 'B', 'C'].map((name) => `<li class="carousel-item">${name}</li>`).join('')}</ul>
    <div class="carousel__dots">${['A', 'B', 'C'].map((name, index) => `<button type="button" class="carousel__dot" aria-label="${name} (${index + 1} of 3)"${index === 0 ? ' aria-current="true"' : ''}></button>`).join('')}</div>
  </div>`;
  const root = document.querySelector<HTMLElement>('[data-carousel]') as HTMLElement;
  const track = root.querySelector<HTMLElement>('.carousel-items') as HTMLElement;
  for (const item of root.querySelectorAll<HTMLElement>('.carousel-item'))
    Object.defineProperty(item, 'offsetWidth', { value: 300 });
  const scrollTo = vi.fn<(options: ScrollToOptions) => void>();
  track.scrollTo = scrollTo as typeof track.scrollTo;
  initCarousel(root);
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel__dot')];
  return { root, track, scrollTo, dots };
}

const current = (dots: HTMLButtonElement[]) =>
  dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('perk carousel script', () => {
  it('marks itself ready and keeps the first dot current', () => {
    const { root, dots } = renderCarousel();
    expect(root.hasAttribute('data-ready')).toBe(true);
    expect(current(dots)).toBe(0);
  });

  it('moves the row to a pressed dot’s card and makes that dot the only current one', () => {
    const { scrollTo, dots } = renderCarousel();
    dots[2]?.click();
    expect(scrollTo).toHaveBeenCalledWith({ left: 2 * (300 + 16), behavior: 'smooth' });
    expect(current(dots)).toBe(2);
    expect(dots.filter((dot) => dot.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('follows scrolling only once the listener is attached, 500 ms after load', () => {
    const { track, dots } = renderCarousel();
    track.scrollLeft = 316;
    track.dispatchEvent(new Event('scroll'));
    expect(current(dots)).toBe(0);
    vi.advanceTimersByTime(CAROUSEL_LISTENER_DELAY_MS);
    track.dispatchEvent(new Event('scroll'));
    expect(current(dots)).toBe(1);
  });
});
