/**
 * POST /.netlify/functions/rebuild-on-publish — the content service's webhook.
 * Verifies the signature, then debounces publishes into one build (src/lib/rebuild).
 */
import { getStore } from '@netlify/blobs';
import { createPublishFunction } from '../lib/rebuild/publish-function.ts';

export default createPublishFunction({
  openBlobStore: () => getStore({ name: 'rebuild-on-publish', consistency: 'strong' }),
});
