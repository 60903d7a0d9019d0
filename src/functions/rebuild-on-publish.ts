/**
 * POST /.netlify/functions/rebuild-on-publish — the content service's webhook.
 * Verifies the signature, then queues the publish: a build starts at once unless one is running,
 * and the running build's deploy notification starts the next (src/lib/rebuild/publish-queue.ts).
 * With X-Settings-Check, the operator's settings check (src/lib/functions/settings-check.ts).
 */
import { getStore } from '@netlify/blobs';
import { asBlobStore } from '../lib/functions/blob-store.ts';
import { PUBLISH_QUEUE_STORE } from '../lib/publish-records/names.ts';
import { createPublishFunction } from '../lib/rebuild/publish-function.ts';
import { withSettingsCheck } from '../lib/functions/settings-check.ts';

// It also answers the operator's settings check for the scheduled functions, which no URL reaches.
export default withSettingsCheck(
  ['rebuild-on-publish', 'freshness-check', 'publish-retry'],
  createPublishFunction({
    openBlobStore: () =>
      asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
  }),
);
