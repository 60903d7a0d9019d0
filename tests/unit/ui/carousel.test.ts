import { describe, expect, it } from 'vitest';
import { activeIndex, cardOffset } from '../../../src/lib/ui/carousel.ts';

describe('carousel position (docs/behaviour.md §4: rounded offset / (card width + 16 px gap))', () => {
  it.each([
    [0, 0],
    [100, 0],
    [157, 0],
    [158, 1],
    [316, 1],
    [632, 2],
    [5000, 4],
  ])('scrollLeft %i with 300 px cards shows card %i', (scrollLeft, expected) => {
    expect(activeIndex(scrollLeft, 300, 5)).toBe(expected);
  });

  it('stays at the first card before layout (zero width) and never goes negative', () => {
    expect(activeIndex(200, 0, 5)).toBe(0);
    expect(activeIndex(-40, 300, 5)).toBe(0);
  });

  it('scrolls a dot to the start of its card', () => {
    expect(cardOffset(0, 300)).toBe(0);
    expect(cardOffset(3, 300)).toBe(948);
  });
});
