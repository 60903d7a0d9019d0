import { describe, expect, it } from 'vitest';
import { anchorScrollTop, fragmentId, headerOffset } from '../../../src/lib/header/anchors.ts';

describe('headerOffset', () => {
  it('is 95 px below 768 px and 105 px from 768 px', () => {
    expect(headerOffset(390)).toBe(95);
    expect(headerOffset(767)).toBe(95);
    expect(headerOffset(768)).toBe(105);
    expect(headerOffset(1280)).toBe(105);
  });
});

describe('anchorScrollTop', () => {
  it('puts the element the header offset below the top', () => {
    expect(anchorScrollTop(500, 1000, 390)).toBe(1405);
    expect(anchorScrollTop(500, 1000, 1280)).toBe(1395);
  });

  it('never scrolls above the page', () => {
    expect(anchorScrollTop(20, 0, 1280)).toBe(0);
  });
});

describe('fragmentId', () => {
  it('reads the id of a hash', () => {
    expect(fragmentId('#plans')).toBe('plans');
    expect(fragmentId('#caf%C3%A9')).toBe('café');
  });

  it('ignores empty hashes and bad escapes', () => {
    expect(fragmentId('')).toBeUndefined();
    expect(fragmentId('#')).toBeUndefined();
    expect(fragmentId('#%E0%A4%A')).toBeUndefined();
  });
});
