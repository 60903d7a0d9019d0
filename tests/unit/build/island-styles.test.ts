/**
 * Astro's island style leaves the body of a built page; the rule itself lives in global.css,
 * in the head. If Astro changes the rule's text, these fail before a page does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ISLAND_STYLE_ELEMENT,
  ISLAND_STYLES,
  finishedPage,
  withoutIslandStyle,
} from '../../../src/lib/build/island-styles.ts';

const page = (body: string) =>
  Buffer.from(`<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`);

describe('the island style in a built page', () => {
  it('is the element Astro writes before the first island', () => {
    expect(ISLAND_STYLE_ELEMENT).toBe(
      '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>',
    );
  });

  it('is removed wherever it is, and only it', () => {
    const island = '<astro-island uid="1"><p>é</p></astro-island>';
    const before = page(
      `<h2>Enter</h2>${ISLAND_STYLE_ELEMENT}<script>loader()</script>${island}<style>x{}</style>${ISLAND_STYLE_ELEMENT}`,
    );
    expect(withoutIslandStyle(before)?.toString()).toBe(
      page(`<h2>Enter</h2><script>loader()</script>${island}<style>x{}</style>`).toString(),
    );
  });

  it('leaves a page without islands alone', () => {
    expect(withoutIslandStyle(page('<main><style>x{}</style></main>'))).toBeUndefined();
  });

  it('is rewritten on disk only when the page had one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'island-styles-'));
    const file = join(dir, 'page.html');
    const withStyle = page(`<div>${ISLAND_STYLE_ELEMENT}<astro-island></astro-island></div>`);
    writeFileSync(file, withStyle);
    const finished = await finishedPage(file, withStyle);
    expect(readFileSync(file, 'utf8')).toBe(
      page('<div><astro-island></astro-island></div>').toString(),
    );
    expect(finished.toString()).toBe(readFileSync(file, 'utf8'));

    writeFileSync(file, 'on disk');
    const plain = page('<p>no island</p>');
    expect(await finishedPage(file, plain)).toBe(plain);
    expect(readFileSync(file, 'utf8')).toBe('on disk');
  });

  it('is in the head instead: global.css carries the same rule', () => {
    expect(readFileSync('src/styles/global.css', 'utf8')).toContain(ISLAND_STYLES);
  });
});
