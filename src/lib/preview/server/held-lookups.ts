/**
 * What a preview instance keeps between requests because it does not change while an editor types:
 * each school's tenant record and a release stack's releases, for PREVIEW_LOOKUP_TTL_MS. Each
 * keystroke posts the page's result and draws the page again (posted-content.ts); without these,
 * each would ask the product API twice (the code by slug, then the record) and, in a release stack,
 * Sanity for the releases. A lookup that fails is not kept; lookups of one key at once share one
 * request.
 */
import { LRUCache } from 'lru-cache';
import type { ReleaseInfo } from '../../content/releases.ts';
import type { Tenant } from '../../tenants/index.ts';

/** How long a record or release list is kept: a burst of keystrokes asks once, a change elsewhere shows within it. */
export const PREVIEW_LOOKUP_TTL_MS = 30_000;

/** Schools (and release stacks) kept at once: an instance serves a few editors, each on a school or two. */
const MAX_HELD = 100;

export interface PreviewLookups {
  loadTenant: (slug: string) => Promise<Tenant>;
  /** The release documents of these names (releases.ts); asked only for a release stack. */
  releases: (names: readonly string[]) => Promise<Map<string, ReleaseInfo>>;
}

export interface HoldOptions {
  ttlMs?: number;
  /** The clock the age is read from (milliseconds); performance.now by default. */
  now?: () => number;
}

function held<V extends object>(
  load: (key: string) => Promise<V>,
  options: HoldOptions,
): (key: string) => Promise<V> {
  const cache = new LRUCache<string, V>({
    max: MAX_HELD,
    ttl: options.ttlMs ?? PREVIEW_LOOKUP_TTL_MS,
    fetchMethod: (key) => load(key),
    // A clock of the caller's is read on every check (the default reads it at most once a millisecond).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return (key) => cache.forceFetch(key);
}

/** The same lookups, each answer kept for the instance (release names never hold a comma: it joins a stack). */
export function heldLookups(lookups: PreviewLookups, options: HoldOptions = {}): PreviewLookups {
  const releaseLists = held((key) => lookups.releases(key.split(',')), options);
  return {
    loadTenant: held(lookups.loadTenant, options),
    releases: (names) => releaseLists(names.join(',')),
  };
}
