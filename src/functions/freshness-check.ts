/**
 * Scheduled every quarter hour: starts a build only when the site would change with no publish (the
 * product API's tenant records differ from what the live deploy was built from, or the live deploy
 * is older than FRESHNESS_MAX_AGE_DAYS), on the quarter hours FRESHNESS_CHECK_MINUTES names; a run
 * by hand (Netlify's "Run now") checks at once (src/lib/rebuild/freshness-check.ts).
 */
import { getStore } from '@netlify/blobs';
import { asBlobStore } from '../lib/functions/blob-store.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../lib/publish-records/names.ts';
import { createFreshnessCheckFunction } from '../lib/rebuild/freshness-check.ts';

export default createFreshnessCheckFunction({
  openQueueStore: () => asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
  openDeploysStore: () => asBlobStore(getStore({ name: DEPLOYS_STORE, consistency: 'strong' })),
});

export const config = { schedule: '*/15 * * * *' };
