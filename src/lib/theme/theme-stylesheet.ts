/**
 * A school's colours as a stylesheet file of its own, linked from the head of each of its pages
 * (docs/architecture.md, "Security"): render-blocking, so the colours are there at first paint, as
 * the inline `<style>` they replace was, while the pages themselves carry no inline text that
 * differs from school to school. The Content-Security-Policy of a kind of page is then the same
 * for every school (one `_headers` rule, not one per school). The file is named by its content, so
 * schools with the same colours share one and it can be cached for good (`/_astro/*`).
 * Build time only (node:crypto).
 */
import { createHash } from 'node:crypto';
import { themeCss, type Theme } from './school-theme.ts';

export interface ThemeStylesheet {
  /** The stylesheet's text (also what a page rendered on request inlines). */
  css: string;
  /** Where the static build writes it and the pages link it. */
  href: string;
}

/** The folder it is written to: Astro's assets, served with an immutable cache rule and a 404 when missing. */
const THEME_FOLDER = '_astro';

/** Worked out once per theme: each of a school's pages links it, and the build writes it. */
const sheets = new WeakMap<Theme, ThemeStylesheet>();

export function themeStylesheet(theme: Theme): ThemeStylesheet {
  let sheet = sheets.get(theme);
  if (!sheet) {
    const css = themeCss(theme);
    const digest = createHash('sha256').update(css).digest('base64url').slice(0, 12);
    sheet = { css, href: `/${THEME_FOLDER}/school-theme.${digest}.css` };
    sheets.set(theme, sheet);
  }
  return sheet;
}
