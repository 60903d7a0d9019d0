/** CSP hashes for the few inline blocks the layout writes itself (Astro hashes its own). */
import { createHash } from 'node:crypto';

/** The same few texts (one theme per school) are hashed on every page: remember them. */
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
