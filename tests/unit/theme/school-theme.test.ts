import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  readableTextOn,
  schoolColours,
  schoolTheme,
  themeCss,
} from '../../../src/lib/theme/school-theme.ts';

describe('school theme', () => {
  it('falls back to #000000 and #e5e7eb when the school has no colour (docs/behaviour.md §9)', () => {
    const theme = schoolTheme({ primaryColor: null, secondaryColor: null, thirdColor: null });
    expect(theme.primary).toBe('#000000');
    expect(theme.secondary).toBe('#e5e7eb');
    expect(theme.onPrimary).toBe('#ffffff');
  });

  it("uses the school document's brand colours when the tenant record has none", () => {
    const theme = schoolTheme(
      { primaryColor: null, secondaryColor: null, thirdColor: null },
      { primaryColor: { hex: '#003262' }, secondaryColor: { hex: '#FDB515' } },
    );
    expect(theme).toMatchObject({
      primary: '#003262',
      onPrimary: '#ffffff',
      secondary: '#FDB515',
      third: '#FDB515',
    });
  });

  it("lets the tenant record's colours win over the school document's, colour by colour", () => {
    const theme = schoolTheme(
      { primaryColor: '#4B2E83', secondaryColor: null, thirdColor: null },
      { primaryColor: { hex: '#003262' }, secondaryColor: { hex: '#FDB515' } },
    );
    expect(theme.primary).toBe('#4B2E83');
    expect(theme.secondary).toBe('#FDB515');
  });

  it.each([
    '#4B2E83',
    '#FFC72C',
    '#0033A0',
    '#CC0000',
    '#D73F09',
    '#F2A900',
    '#000000',
    '#ffffff',
    '#777777',
  ])('picks text on %s with at least 4.5:1 contrast', (colour) => {
    expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(4.5);
  });

  it('writes the colours as CSS variables', () => {
    const css = themeCss(
      schoolTheme({ primaryColor: '#4B2E83', secondaryColor: '#B7A57A', thirdColor: null }),
    );
    expect(css).toContain('--school-primary:#4B2E83');
    expect(css).toContain('--school-on-primary:#ffffff');
    expect(css).toContain('--school-third:#B7A57A');
  });
});

describe('school colours (one precedence for pages and the search card)', () => {
  const none = { primaryColor: null, secondaryColor: null, thirdColor: null };
  const content = {
    primaryColor: { name: 'Berkeley Blue', hex: '#003262' },
    secondaryColor: { name: 'California Gold', hex: '#FDB515' },
  };

  it('takes the tenant record first, colour by colour, and the theme shows the same colours', () => {
    const tenant = { ...none, primaryColor: '#4B2E83' };
    const colours = schoolColours(tenant, content);
    expect(colours.primary.hex).toBe('#4B2E83');
    expect(colours.secondary).toEqual({ name: 'California Gold', hex: '#FDB515' });
    const theme = schoolTheme(tenant, content);
    expect([theme.primary, theme.secondary]).toEqual([colours.primary.hex, colours.secondary.hex]);
  });

  it("never labels the tenant's colour with the name of a different content colour", () => {
    expect(schoolColours({ ...none, primaryColor: '#4B2E83' }, content).primary).toEqual({
      name: 'Primary',
      hex: '#4B2E83',
    });
    expect(schoolColours({ ...none, primaryColor: '#003262' }, content).primary).toEqual({
      name: 'Berkeley Blue',
      hex: '#003262',
    });
  });

  it('names the fallback colours by role', () => {
    expect(schoolColours(none)).toEqual({
      primary: { name: 'Primary', hex: '#000000' },
      secondary: { name: 'Accent', hex: '#e5e7eb' },
    });
  });
});
