import { describe, expect, it } from 'vitest';
import { schoolTheme, themeCss } from '../../../src/lib/theme/school-theme.ts';
import { themeStylesheet } from '../../../src/lib/theme/theme-stylesheet.ts';

const husky = () =>
  schoolTheme({ primaryColor: '#4b2e83', secondaryColor: '#b7a57a', thirdColor: null });

describe("a school's theme stylesheet", () => {
  it('is named by its content: schools with the same colours share one file, other colours get another', () => {
    const sheet = themeStylesheet(husky());
    expect(sheet.css).toBe(themeCss(husky()));
    expect(sheet.href).toMatch(/^\/_astro\/school-theme\.[\w-]{12}\.css$/);
    expect(themeStylesheet(husky()).href).toBe(sheet.href);
    expect(
      themeStylesheet(
        schoolTheme({ primaryColor: '#dc4405', secondaryColor: '#000000', thirdColor: null }),
      ).href,
    ).not.toBe(sheet.href);
  });

  it("is worked out once per theme, however many of the school's pages link it", () => {
    const theme = husky();
    expect(themeStylesheet(theme)).toBe(themeStylesheet(theme));
  });
});
