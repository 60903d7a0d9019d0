/** CSP hashes for the few inline blocks the layout writes itself (Astro hashes its own). */
import { createHash } from 'node:crypto';

export function sha256Source(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
