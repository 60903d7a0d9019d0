/** The Netlify Blobs stores the status functions read (one module for both functions). */
import { getStore } from '@netlify/blobs';
import { asBlobStore } from '../functions/blob-store.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { createStatusFunctions } from './status-function.ts';

/** Per function instance: its caches (token verdicts, reports) live as long as the instance. */
export function netlifyStatusFunctions() {
  return createStatusFunctions({
    openDeploysStore: () => asBlobStore(getStore({ name: DEPLOYS_STORE, consistency: 'strong' })),
    openQueueStore: () =>
      asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
  });
}
