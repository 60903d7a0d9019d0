/**
 * Draft-mode cookies ended on the server: `/api/preview/disable` records the cookie's id until its
 * expiry, and every request carrying that cookie (a copy of it included) sees published content
 * from then on. One small record per id in a Netlify Blobs store of the site (not of a deploy, so
 * a new deploy keeps them), read with strong consistency: a revocation is seen by every function
 * instance at once, and a check is one `get`.
 */
import { getStore } from '@netlify/blobs';
import type { DraftModeCookie } from './draft-cookie.ts';

export const REVOCATION_STORE_NAME = 'preview-draft-mode';

/** The part of a Blobs store used here; tests hand in a memory one. */
export interface RevocationStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
}

export interface Revocations {
  /** True when this cookie was ended and its record still runs. Throws when the store cannot be read. */
  isRevoked(cookie: DraftModeCookie, nowMs?: number): Promise<boolean>;
  /** Ends this cookie until its own expiry. Throws when the store cannot be written. */
  revoke(cookie: DraftModeCookie): Promise<void>;
}

/** `revoked/{id}`: one key per cookie; its value is the cookie's expiry in Unix seconds. */
export function revocationKey(id: string): string {
  return `revoked/${id}`;
}

/** The site's Blobs store, opened per call: on Netlify its context arrives with each invocation. */
export function blobRevocationStore(): RevocationStore {
  return getStore({ name: REVOCATION_STORE_NAME, consistency: 'strong' });
}

export function revocations(openStore: () => RevocationStore = blobRevocationStore): Revocations {
  return {
    async isRevoked(cookie, nowMs = Date.now()) {
      const value = await openStore().get(revocationKey(cookie.id));
      if (value === null) return false;
      const until = Number(value);
      // A record that cannot be read as an expiry still says the cookie was ended.
      if (!Number.isSafeInteger(until)) return true;
      return until * 1000 > nowMs;
    },
    async revoke(cookie) {
      await openStore().set(revocationKey(cookie.id), String(cookie.expiry));
    },
  };
}
