/**
 * The rebuild-on-publish function as Netlify runs it: idle on the editors' preview site
 * (preview-site-guard.ts); elsewhere its own settings and its store are read inside the error
 * guard on the first invocation, so a bad setting, a local default secret on a deployed site or a
 * missing Netlify Blobs answers a 500 that says what to fix (and is logged) instead of crashing.
 */
import { PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { guarded, type FunctionContext } from '../functions/function-http.ts';
import {
  functionSecret,
  readPublishSettings,
  type PublishSettings,
} from '../functions/function-settings.ts';
import { previewSiteAnswer } from '../functions/preview-site-guard.ts';
import { createPublishWebhook, type PublishWebhookOptions } from './publish-webhook.ts';
import { siteStore, type BlobStore } from '../functions/state-store.ts';

export interface PublishFunctionOptions {
  /** Netlify Blobs' `rebuild-on-publish` store (throws where Blobs is not set up). */
  openBlobStore: () => BlobStore;
  readSettings?: () => PublishSettings;
  /** The function's environment, for SITE_MODE (process.env). */
  site?: Record<string, string | undefined>;
  log?: (message: string) => void;
  /** Tests: the webhook's clock, fetch and batch ids. */
  webhook?: Omit<PublishWebhookOptions, 'secret' | 'hookUrl' | 'store'>;
}

/** 404: a webhook sent to the preview site shows as failed in Sanity's webhook log. */
export const PUBLISH_ON_PREVIEW_SITE = {
  name: 'rebuild-on-publish',
  status: 404,
  hint: 'send the content webhook to the public site',
};

export function createPublishFunction(options: PublishFunctionOptions) {
  const readSettings = options.readSettings ?? (() => readPublishSettings(process.env));
  const log = options.log ?? ((message: string) => console.error(message));
  let handle: ReturnType<typeof createPublishWebhook> | undefined;

  function webhookFor(context: FunctionContext): ReturnType<typeof createPublishWebhook> {
    if (handle) return handle;
    const settings = readSettings();
    // The invocation says which deploy it serves; CONTEXT is the fallback where it does not.
    const deployContext = context.deploy?.context || settings.CONTEXT;
    const secret = functionSecret('SANITY_WEBHOOK_SECRET', settings.SANITY_WEBHOOK_SECRET);
    const store = siteStore(PUBLISH_QUEUE_STORE, deployContext, options.openBlobStore);
    handle = createPublishWebhook({
      ...options.webhook,
      secret,
      hookUrl: settings.NETLIFY_BUILD_HOOK_URL,
      store,
      ...(settings.PUBLISH_RETRY_BASE_SECONDS
        ? { retryBaseMs: settings.PUBLISH_RETRY_BASE_SECONDS * 1000 }
        : {}),
      budgetPerHour: settings.DEPLOY_BUDGET_PER_HOUR,
    });
    return handle;
  }

  // Before the settings and the store: on the preview site nothing is read, written or called.
  return (request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded(
      'rebuild-on-publish',
      async () =>
        previewSiteAnswer(PUBLISH_ON_PREVIEW_SITE, options.site ?? process.env, log) ??
        webhookFor(context)(request, context),
      log,
    );
}
