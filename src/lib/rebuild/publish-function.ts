/**
 * The rebuild-on-publish function as Netlify runs it: its own settings and its state store are
 * read inside the error guard on the first invocation, so a bad setting or a missing Netlify
 * Blobs answers a 500 that says what to fix (and is logged) instead of crashing the function.
 */
import { guarded } from './function-http.ts';
import { readPublishSettings, type PublishSettings } from './function-settings.ts';
import { createPublishWebhook, type FunctionContext, type PublishWebhookOptions } from './publish-webhook.ts';
import { publishStateStore, type JsonBlobStore } from './state-store.ts';

export interface PublishFunctionOptions {
  /** Netlify Blobs' store for the debounce (throws where Blobs is not set up). */
  openBlobStore: () => JsonBlobStore;
  readSettings?: () => PublishSettings;
  log?: (message: string) => void;
  /** Tests: the webhook's clock, sleep and fetch. */
  webhook?: Omit<PublishWebhookOptions, 'secret' | 'hookUrl' | 'store'>;
}

export function createPublishFunction(options: PublishFunctionOptions) {
  const readSettings = options.readSettings ?? (() => readPublishSettings(process.env));
  const log = options.log ?? ((message: string) => console.error(message));
  let handle: ReturnType<typeof createPublishWebhook> | undefined;

  function webhookFor(context: FunctionContext): ReturnType<typeof createPublishWebhook> {
    if (handle) return handle;
    const settings = readSettings();
    // The invocation says which deploy it serves; CONTEXT is the fallback where it does not.
    const store = publishStateStore(context.deploy?.context || settings.CONTEXT, options.openBlobStore);
    handle = createPublishWebhook({ ...options.webhook, secret: settings.SANITY_WEBHOOK_SECRET, hookUrl: settings.NETLIFY_BUILD_HOOK_URL, store });
    return handle;
  }

  return (request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded('rebuild-on-publish', async () => webhookFor(context)(request, context), log);
}
