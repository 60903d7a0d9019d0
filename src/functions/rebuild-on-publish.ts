/**
 * POST /.netlify/functions/rebuild-on-publish — the content service's webhook.
 * Verifies the signature, then debounces publishes into one build (src/lib/rebuild).
 */
import { getStore } from '@netlify/blobs';
import { env } from '../lib/config/env.ts';
import { createPublishWebhook, type FunctionContext } from '../lib/rebuild/publish-webhook.ts';
import { blobStateStore, memoryStateStore } from '../lib/rebuild/state-store.ts';
import type { RebuildStateStore } from '../lib/rebuild/rebuild-debounce.ts';

function stateStore(): RebuildStateStore {
  try {
    return blobStateStore(getStore({ name: 'rebuild-on-publish', consistency: 'strong' }));
  } catch {
    // Outside Netlify (no Blobs environment): debounce within this instance only.
    return memoryStateStore();
  }
}

let handle: ReturnType<typeof createPublishWebhook> | undefined;

export default async (request: Request, context: FunctionContext) => {
  const settings = env();
  handle ??= createPublishWebhook({ secret: settings.SANITY_WEBHOOK_SECRET, hookUrl: settings.NETLIFY_BUILD_HOOK_URL, store: stateStore() });
  return handle(request, context);
};
