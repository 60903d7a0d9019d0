import { describe, expect, it } from 'vitest';
import {
  HEX_COLOUR,
  SIX_DIGIT_HEX_COLOUR,
  safeHexColour,
} from '../../../src/lib/theme/hex-colour.ts';

describe('safeHexColour', () => {
  it('accepts #rgb and #rrggbb and refuses anything else', () => {
    expect(safeHexColour('#FFC72C')).toBe('#ffc72c');
    expect(safeHexColour(' #abc ')).toBe('#abc');
    for (const bad of [undefined, '', 'red', '#12345', '#ffc72c;background:url(x)', 'url(#a)']) {
      expect(safeHexColour(bad)).toBeUndefined();
    }
  });
});

describe('the hex colour patterns', () => {
  it('HEX_COLOUR takes 3 or 6 digits, SIX_DIGIT_HEX_COLOUR only 6', () => {
    expect(['#fff', '#4B2E83'].map((value) => HEX_COLOUR.test(value))).toEqual([true, true]);
    expect(['#fff', '#4B2E83'].map((value) => SIX_DIGIT_HEX_COLOUR.test(value))).toEqual([
      false,
      true,
    ]);
    for (const bad of ['fff', '#ffff', '#gggggg', ' #fff'])
      expect(HEX_COLOUR.test(bad)).toBe(false);
  });
});
