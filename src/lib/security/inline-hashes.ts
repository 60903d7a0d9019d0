/** CSP hash sources of the inline scripts and styles of a built page. */
import { createHash } from 'node:crypto';
import type { InlineHashes } from './csp.ts';

/** The same few texts (Astro's island loaders, the font faces, one theme per school) fill every page: each is hashed once. */
const hashes = new Map<string, `sha256-${string}`>();
const MAX_REMEMBERED = 2_000;

export function sha256Source(text: string): `sha256-${string}` {
  let hash = hashes.get(text);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(text).digest('base64')}`;
    if (hashes.size >= MAX_REMEMBERED) hashes.clear();
    hashes.set(text, hash);
  }
  return hash;
}

/** Script types a browser runs (a JSON-LD or other data block is never run, so CSP does not judge it). */
function runsAsScript(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript' || type === 'importmap';
}

/** The next `<script` or `<style` tag at or after `from` (the build writes tags in lower case). */
function nextTag(html: string, from: number): { at: number; tag: 'script' | 'style' } | undefined {
  const script = html.indexOf('<script', from);
  const style = html.indexOf('<style', from);
  if (script === -1 && style === -1) return undefined;
  return style === -1 || (script !== -1 && script < style) ? { at: script, tag: 'script' } : { at: style, tag: 'style' };
}

/**
 * Every inline script the browser would run and every inline `<style>` of a built page, hashed.
 * A string search, not a parser: it reads a whole site's pages (6,000 at 600 schools) in the
 * build, and the markup is the build's own (text from content is always escaped).
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let from = 0;
  for (let found = nextTag(html, from); found; found = nextTag(html, from)) {
    const { at, tag } = found;
    const after = html.charCodeAt(at + tag.length + 1);
    const openEnd = html.indexOf('>', at);
    const close = html.indexOf(`</${tag}>`, openEnd);
    // `<scripts` or `<styled` is not the tag; an unclosed tag ends the search.
    if (openEnd === -1 || close === -1) break;
    from = close + tag.length + 3;
    if (after !== 0x3e /* > */ && after !== 0x20 && after !== 0x0a && after !== 0x09 && after !== 0x0d && after !== 0x2f /* / */) continue;
    const attributes = html.slice(at + tag.length + 1, openEnd);
    const body = html.slice(openEnd + 1, close);
    if (tag === 'style') styles.add(sha256Source(body));
    else if (runsAsScript(` ${attributes}`) && body !== '') scripts.add(sha256Source(body));
  }
  return { scripts: [...scripts], styles: [...styles] };
}
