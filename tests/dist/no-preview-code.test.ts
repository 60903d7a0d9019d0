/**
 * The public static build carries nothing of the editors' preview site (src/lib/preview/, built only
 * with SITE_MODE=preview): no adapter output, no draft-mode routes, no preview code in any file, no
 * click-to-edit attribute, no stega characters and none of Presentation's overlay code or loaders node.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Strings only the preview site's code and its draft mode contain. */
const PREVIEW_MARKS = [
  'school-preview-draft-mode',
  'sanity-preview-secret',
  'sanity-preview-perspective',
  'sanity.previewUrlSecret',
  'data-sanity',
  '@astrojs/netlify',
  '/api/preview/',
  '.netlify/functions/ssr',
];
/** Strings of Presentation's overlays (`@sanity/visual-editing`, its comlink channel, styled-components). */
const OVERLAY_MARKS = [
  '/_preview/overlays.js',
  'visual-editing/focus',
  'presentation/refresh',
  'overlay/activate',
  'sanity-visual-editing',
  'data-styled',
  '@sanity/comlink',
  // The loaders channel and the query a page in draft mode names for it.
  'loader/query-listen',
  'loader/query-change',
  'sanity-live-query',
];
/**
 * Stega: content source maps hidden in text as runs of invisible characters (zero-width space,
 * non-joiner, joiner, word joiner, BOM). A run of two or more is never real text.
 */
const STEGA_RUN = /[\u200B-\u200D\u2060\uFEFF]{2,}/u;
const TEXT = /\.(html|js|mjs|css|json|txt|xml|csv|svg)$|^_(headers|redirects)$/;

describe('the static build has no preview code', () => {
  it('has no draft-mode routes and no adapter output', () => {
    expect(existsSync(join(DIST, 'api'))).toBe(false);
    expect(existsSync(join(DIST, '_worker.js'))).toBe(false);
    expect(existsSync(join(DIST, '.netlify'))).toBe(false);
    expect(
      files(DIST).filter((file) => /ssr|entry\.mjs|\.mjs$/.test(relative(DIST, file))),
    ).toEqual([]);
    // The adapter sends every unknown path to its function: the static site has no such rule.
    expect(readFileSync(join(DIST, '_redirects'), 'utf8')).not.toMatch(/\/\.netlify\/functions\//);
  });

  it('no built file names draft mode, the preview secret, data-sanity or the adapter', () => {
    const found: string[] = [];
    for (const file of files(DIST)) {
      const name = relative(DIST, file);
      if (!TEXT.test(name.split('/').pop()!)) continue;
      const text = readFileSync(file, 'utf8');
      for (const mark of PREVIEW_MARKS) if (text.includes(mark)) found.push(`${name}: ${mark}`);
    }
    expect(found).toEqual([]);
  });

  it('no built file carries overlay code or stega characters, and no page links an overlay script', () => {
    expect(existsSync(join(DIST, '_preview'))).toBe(false);
    const found: string[] = [];
    for (const file of files(DIST)) {
      const name = relative(DIST, file);
      if (!TEXT.test(name.split('/').pop()!)) continue;
      const text = readFileSync(file, 'utf8');
      for (const mark of OVERLAY_MARKS) if (text.includes(mark)) found.push(`${name}: ${mark}`);
      const stega = STEGA_RUN.exec(text);
      if (stega) found.push(`${name}: stega characters at ${stega.index}`);
    }
    expect(found).toEqual([]);
  });

  it('its pages may be framed by nobody (the Studio frames only the preview site)', () => {
    const headers = readFileSync(join(DIST, '_headers'), 'utf8');
    const ancestors = new Set(
      [...headers.matchAll(/frame-ancestors ([^;\n]+)/g)].map((match) => match[1]),
    );
    expect([...ancestors]).toEqual(["'none'"]);
  });
});
