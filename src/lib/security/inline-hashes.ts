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

const INLINE_BLOCK = /<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1\s*>/gi;

/** Every inline script the browser would run and every inline `<style>` of an HTML page, hashed. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag, attributes = '', body = ''] of html.matchAll(INLINE_BLOCK)) {
    if (tag?.toLowerCase() === 'style') styles.add(sha256Source(body));
    else if (runsAsScript(attributes) && body !== '') scripts.add(sha256Source(body));
  }
  return { scripts: [...scripts], styles: [...styles] };
}
