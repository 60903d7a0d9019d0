/**
 * Each school's theme stylesheet (theme/theme-stylesheet.ts): written into the built site, each
 * distinct file once, and answered by `astro dev` (which serves no built files) from the same themes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme } from '../theme/school-theme.ts';
import { themeStylesheet, type ThemeStylesheet } from '../theme/theme-stylesheet.ts';

/** Answers how many files it wrote. */
export function writeThemeStylesheets(distDir: string, themes: readonly Theme[]): number {
  const files = new Map(
    themes.map((theme) => themeStylesheet(theme)).map((sheet) => [sheet.href, sheet.css]),
  );
  for (const [href, css] of files) {
    const file = join(distDir, ...href.split('/').filter(Boolean));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `${css}\n`);
  }
  return files.size;
}

/** The stylesheet of one of these themes at `path` (`/_astro/school-theme.{digest}.css`), if any. */
export function themeStylesheetAt(
  themes: readonly Theme[],
  path: string,
): ThemeStylesheet | undefined {
  return themes.map((theme) => themeStylesheet(theme)).find((sheet) => sheet.href === path);
}
