/**
 * The names the publish loop's records go by: the Netlify Blobs stores and their keys, the blob a
 * build leaves in its deploy's own store, and the header the Studio sends an editor's pass in. No
 * imports but the local defaults: the Studio bundles it.
 */

/** Site store of the publish queue (one key). */
export const PUBLISH_QUEUE_STORE = 'rebuild-on-publish';
export const PUBLISH_QUEUE_KEY = 'publish-queue';
/**
 * Site store of the deploy records, each read and changed as one blob (conditional writes):
 * `history/production` (the kept production deploys, which one visitors get, the deploy lock),
 * `history/other` (deploy previews and branch deploys, kept apart so they never push production
 * out), and `live-index/{0..INDEX_SHARDS-1}` (the live deploy's documents, sharded by id, written
 * once per live deploy by the notification). A status answer reads a constant number of them,
 * whatever the history and the number of schools.
 */
export const DEPLOYS_STORE = 'deploys';
export const PRODUCTION_HISTORY_KEY = 'history/production';
export const OTHER_HISTORY_KEY = 'history/other';
/**
 * `live-inputs`: what the live deploy's build was made from that has no event of its own (each
 * published school's tenant record, as a digest), copied from its build record by the notification
 * that made it live, for the freshness check to compare with.
 */
export const LIVE_INPUTS_KEY = 'live-inputs';
/** In the publish queue's store: the freshness check's own record (its last outcome, since when the inputs could not be read). */
export const FRESHNESS_KEY = 'freshness';
/** Production deploys kept (the live one is never dropped); previews and branch deploys kept. */
export const KEPT_DEPLOYS = 50;
export const KEPT_OTHER_DEPLOYS = 20;
/** The live deploy's document index is split into this many blobs by a hash of the document id. */
export const INDEX_SHARDS = 32;
export function indexShardKey(shard: number): string {
  return `live-index/${shard}`;
}
/** The shard of a document id (FNV-1a, 32 bits): the same in the notification and the status functions. */
export function shardOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at += 1) {
    hash ^= id.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % INDEX_SHARDS;
}
/**
 * The build's record in the deploy's own blob store (`getDeployStore({ deployID })`, no name): the
 * build writes it as the file `.netlify/v1/blobs/deploy/build-record/blob` and Netlify's build
 * uploads it under this key before the deploy goes live (Netlify's Frameworks API;
 * src/lib/build/netlify-output.ts).
 */
export const BUILD_RECORD_BLOB = 'build-record';

/**
 * The request header the Studio sends an editor's pass in (src/lib/deploys/editor-pass.ts), spelled
 * as the status functions' CORS and Vary headers name it (header names are case-insensitive).
 */
export const PASS_HEADER = 'X-Editor-Pass';

/** The local stack's secrets and site id, with the other local defaults (config/local-addresses.ts). */
export {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_SITE_ID,
  LOCAL_WEBHOOK_SECRET,
} from '../config/local-addresses.ts';
