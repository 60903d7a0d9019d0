/** Writes each school's theme stylesheet (theme/theme-stylesheet.ts) into the built site, each distinct file once. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme } from '../theme/school-theme.ts';
import { themeStylesheet } from '../theme/theme-stylesheet.ts';

/** Answers how many files it wrote. */
export function writeThemeStylesheets(distDir: string, themes: readonly Theme[]): number {
  const files = new Map(themes.map((theme) => themeStylesheet(theme)).map((sheet) => [sheet.href, sheet.css]));
  for (const [href, css] of files) {
    const file = join(distDir, ...href.split('/').filter(Boolean));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `${css}\n`);
  }
  return files.size;
}
