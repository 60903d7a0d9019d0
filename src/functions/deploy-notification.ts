/**
 * POST /api/deploy-notification — Netlify's deploy notifications (started, succeeded, failed,
 * restored, locked, unlocked), signed with NETLIFY_DEPLOY_NOTIFICATION_SECRET: records each
 * deploy, moves the live pointer, and starts the next publish batch (src/lib/deploys).
 * With X-Settings-Check, the operator's settings check (src/lib/functions/settings-check.ts).
 */
import { getDeployStore, getStore } from '@netlify/blobs';
import { asBlobStore } from '../lib/functions/blob-store.ts';
import { createNotificationFunction } from '../lib/deploys/notification-function.ts';
import {
  BUILD_RECORD_BLOB,
  DEPLOYS_STORE,
  PUBLISH_QUEUE_STORE,
} from '../lib/publish-records/names.ts';
import { withSettingsCheck } from '../lib/functions/settings-check.ts';

export default withSettingsCheck(
  ['deploy-notification'],
  createNotificationFunction({
    openDeploysStore: () => asBlobStore(getStore({ name: DEPLOYS_STORE, consistency: 'strong' })),
    openQueueStore: () =>
      asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
    // Netlify's build uploaded the build's record into the deploy's own store (a failed build has
    // none). A store that cannot be read throws: the notification answers 503 and a repeated one
    // reads it again.
    readBuildReport: (deployId) =>
      getDeployStore({ deployID: deployId, consistency: 'strong' }).get(BUILD_RECORD_BLOB, {
        type: 'json',
      }),
  }),
);

export const config = { path: '/api/deploy-notification' };
