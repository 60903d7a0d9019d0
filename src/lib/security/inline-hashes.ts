/** CSP hash sources of the inline scripts and styles of a built page. */
import { createHash } from 'node:crypto';
import type { InlineHashes } from './csp.ts';

/** The same few texts (Astro's island loaders, one theme per school) fill every page: each is hashed once. */
const hashes = new Map<string, `sha256-${string}`>();
const MAX_REMEMBERED = 2_000;

/** The CSP source of a text: the SHA-256 of its UTF-8 bytes. */
export function sha256Source(text: string | Uint8Array): `sha256-${string}` {
  const bytes =
    typeof text === 'string'
      ? Buffer.from(text, 'utf8')
      : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  // A byte-for-byte key (latin1 keeps one char per byte, and is the cheapest decoding there is).
  const key = bytes.toString('latin1');
  let hash = hashes.get(key);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
    if (hashes.size >= MAX_REMEMBERED) hashes.clear();
    hashes.set(key, hash);
  }
  return hash;
}

/** Script types a browser runs (a JSON-LD or other data block is never run, so CSP does not judge it). */
function runsAsScript(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return (
    type === undefined ||
    type === '' ||
    type === 'module' ||
    type === 'text/javascript' ||
    type === 'application/javascript' ||
    type === 'importmap'
  );
}

const GT = 0x3e; // >
/** What may follow `<script` or `<style` in the tag itself: `>`, white space or `/`. */
const ENDS_TAG_NAME = new Set([GT, 0x20, 0x0a, 0x09, 0x0d, 0x2f]);

/**
 * Every inline script the browser would run and every inline `<style>` of a built page, hashed.
 * A search over the page's bytes, not a parser: it reads a whole site's pages (6,000 at 600
 * schools) in the build, and the markup is the build's own (lower-case tags; text from content is
 * always escaped). Bytes, because the hash is over the UTF-8 bytes anyway and a page read as text
 * would be decoded first.
 */
export function inlineHashes(page: string | Uint8Array): InlineHashes {
  const html =
    typeof page === 'string'
      ? Buffer.from(page, 'utf8')
      : Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let nextScript = html.indexOf('<script');
  let nextStyle = html.indexOf('<style');
  while (nextScript !== -1 || nextStyle !== -1) {
    const tag =
      nextStyle === -1 || (nextScript !== -1 && nextScript < nextStyle) ? 'script' : 'style';
    const at = tag === 'script' ? nextScript : nextStyle;
    // `<scripts` or `<styled` is not the tag: look on from the next character.
    const isTag = ENDS_TAG_NAME.has(html[at + tag.length + 1] as number);
    const openEnd = html.indexOf(GT, at);
    const close = isTag && openEnd !== -1 ? html.indexOf(`</${tag}>`, openEnd) : openEnd;
    // An unclosed tag ends the search.
    if (openEnd === -1 || close === -1) break;
    const from = isTag ? close + tag.length + 3 : at + 1;
    if (nextScript !== -1 && nextScript < from) nextScript = html.indexOf('<script', from);
    if (nextStyle !== -1 && nextStyle < from) nextStyle = html.indexOf('<style', from);
    if (!isTag) continue;
    const body = html.subarray(openEnd + 1, close);
    if (tag === 'style') styles.add(sha256Source(body));
    else if (
      body.length > 0 &&
      runsAsScript(` ${html.toString('latin1', at + tag.length + 1, openEnd)}`)
    )
      scripts.add(sha256Source(body));
  }
  return { scripts: [...scripts], styles: [...styles] };
}
