/**
 * POST /.netlify/functions/rebuild-on-publish — the content service's webhook.
 * Verifies the signature, then queues the publish: a build starts at once unless one is running,
 * and the running build's deploy notification starts the next (src/lib/rebuild/publish-webhook.ts).
 * With X-Settings-Check, the operator's settings check, for the scheduled functions too
 * (src/lib/functions/settings-check.ts).
 */
import { defineFunction } from '../lib/functions/define-function.ts';
import { rebuildOnPublish } from '../lib/rebuild/publish-webhook.ts';

export default defineFunction(rebuildOnPublish);
