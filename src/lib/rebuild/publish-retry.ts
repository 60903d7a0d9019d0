/**
 * publish-retry, scheduled every minute: the site's own retry of a build hook call that failed.
 * The content service delivers a failed webhook only twice, 30 s apart; a publish whose build
 * could not start waits in the queue with `retry.nextAt`, and this run starts it once that time
 * has come (publish-queue.ts `retryWaiting`), with the same doubling wait after each failure. A
 * run with nothing due reads one blob and changes nothing.
 */
import { PUBLISH_QUEUE_STORE } from '../publish-records/records.ts';
import { triggerBuild, type FetchLike } from './build-hook.ts';
import { answer, guarded } from './function-http.ts';
import { readBuildHookSettings, type BuildHookSettings } from './function-settings.ts';
import { previewSiteAnswer } from './preview-site-guard.ts';
import { BatchStartError, createPublishQueue, type QueueOutcome } from './publish-queue.ts';
import type { FunctionContext } from './publish-webhook.ts';
import { siteStore, type BlobStore } from './state-store.ts';

/** On the preview site the schedule fires too: nothing went wrong, so 200. */
export const RETRY_ON_PREVIEW_SITE = { name: 'publish-retry', status: 200, hint: 'the public site retries its builds' };

export interface PublishRetryOptions {
  openBlobStore: () => BlobStore;
  readSettings?: () => BuildHookSettings & { CONTEXT?: string | undefined };
  site?: Record<string, string | undefined>;
  log?: (message: string) => void;
  now?: () => Date;
  fetch?: FetchLike;
}

function line(outcome: QueueOutcome): string {
  if (outcome.outcome === 'started') return `build started: ${outcome.title}`;
  if (outcome.outcome === 'waiting-retry') return `next try at ${outcome.nextAt}`;
  if (outcome.outcome === 'waiting') return `batch ${outcome.inFlight} is building`;
  return 'nothing waits';
}

export function createPublishRetryFunction(options: PublishRetryOptions) {
  const readSettings = options.readSettings ?? (() => ({ ...readBuildHookSettings(process.env), CONTEXT: process.env['CONTEXT'] }));
  const log = options.log ?? ((message: string) => console.log(`[publish-retry] ${message}`));
  const now = options.now ?? (() => new Date());

  // Whatever the scheduler sends (its method and body are not documented): nothing of it is read.
  return (_request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded('publish-retry', async () => {
      const idle = previewSiteAnswer(RETRY_ON_PREVIEW_SITE, options.site ?? process.env, log);
      if (idle) return idle;
      const settings = readSettings();
      const queue = createPublishQueue({
        store: siteStore(PUBLISH_QUEUE_STORE, context.deploy?.context || settings.CONTEXT, options.openBlobStore),
        trigger: (body) => triggerBuild(settings.NETLIFY_BUILD_HOOK_URL, body, { now: now(), ...(options.fetch ? { fetch: options.fetch } : {}) }),
        now,
        ...(settings.PUBLISH_RETRY_BASE_SECONDS ? { retryBaseMs: settings.PUBLISH_RETRY_BASE_SECONDS * 1000 } : {}),
      });
      try {
        const outcome = await queue.retryWaiting();
        log(line(outcome));
        return answer(200, line(outcome));
      } catch (error) {
        if (!(error instanceof BatchStartError)) throw error;
        log(`${error.message}; next try at ${error.nextAt ?? 'the next run'}`);
        return answer(200, `the build service still did not answer; next try at ${error.nextAt ?? 'the next run'}`);
      }
    }, log);
}
