/**
 * Scheduled every minute: starts the publishes that wait because the build hook did not answer,
 * once their time to try again has come (src/lib/rebuild/publish-retry.ts).
 */
import { getStore } from '@netlify/blobs';
import { asBlobStore } from '../lib/functions/blob-store.ts';
import { PUBLISH_QUEUE_STORE } from '../lib/publish-records/names.ts';
import { createPublishRetryFunction } from '../lib/rebuild/publish-retry.ts';

export default createPublishRetryFunction({
  openBlobStore: () => asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
});

// Netlify reads the schedule only as a literal here: PUBLISH_RETRY_SCHEDULE (queue-timing.ts) says the same, held by a test.
export const config = { schedule: '* * * * *' };
