/**
 * Astro writes its island loader's stylesheet, `<style>astro-island,astro-slot,astro-static-slot
 * {display:contents}</style>`, into the body just before a page's first island, where HTML allows
 * no style element (the Nu checker reports it whenever it is not its parent's first child). The
 * same rule is in global.css, which every page links in its head, so the build drops the body copy
 * from each page it writes: valid markup, 74 bytes less on a page with an island, and one inline
 * style fewer for the Content-Security-Policy to allow.
 */
import { writeFile } from 'node:fs/promises';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

export { ISLAND_STYLES };

/** The element as Astro writes it (astro/runtime/server/scripts.js). */
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** The page without Astro's island style element(s), or undefined when it has none. */
export function withoutIslandStyle(page: Uint8Array): Buffer | undefined {
  const html = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  let at = html.indexOf(ISLAND_STYLE_ELEMENT);
  if (at === -1) return undefined;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(html.subarray(from, at));
    from = at + ISLAND_STYLE_ELEMENT.length;
    at = html.indexOf(ISLAND_STYLE_ELEMENT, from);
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/** A built page as it is to be served: rewritten on disk when it carried the island style. */
export async function finishedPage(file: string, page: Buffer): Promise<Buffer> {
  const finished = withoutIslandStyle(page);
  if (!finished) return page;
  await writeFile(file, finished);
  return finished;
}
