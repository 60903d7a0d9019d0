/**
 * publish-retry, scheduled every minute: the event that needs nobody. The content service delivers a
 * failed webhook only twice, 30 s apart, and a deploy notification may never come; each run takes a
 * batch whose outcome is unknown as lost (its documents wait again) and starts what waits once its
 * hold is over (publish-queue.ts `retryWaiting`), with a doubling wait after each failed start. A run
 * with nothing due reads one blob and changes nothing.
 */
import { PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import type { FetchLike } from './build-hook.ts';
import { answer, guarded, type FunctionContext } from '../functions/function-http.ts';
import {
  readPublishRetrySettings,
  type PublishRetrySettings,
} from '../functions/function-settings.ts';
import { previewSiteAnswer } from '../functions/preview-site-guard.ts';
import { BatchStartError, queueFromSettings, type QueueOutcome } from './publish-queue.ts';
import { siteStore, type BlobStore } from '../functions/state-store.ts';

/** On the preview site the schedule fires too: nothing went wrong, so 200. */
export const RETRY_ON_PREVIEW_SITE = {
  name: 'publish-retry',
  status: 200,
  hint: 'the public site retries its builds',
};

export interface PublishRetryOptions {
  openBlobStore: () => BlobStore;
  readSettings?: () => PublishRetrySettings;
  site?: Record<string, string | undefined>;
  log?: (message: string) => void;
  now?: () => Date;
  fetch?: FetchLike;
}

function line(outcome: QueueOutcome): string {
  if (outcome.outcome === 'started')
    return `build started: ${outcome.title}${outcome.recovered ? ` (batch ${outcome.recovered}'s outcome was unknown: its documents are in this one)` : ''}`;
  if (outcome.outcome === 'held')
    return outcome.hold.cause === 'deploy-budget'
      ? `waiting: next build at ${outcome.hold.until} (deploy budget)`
      : `waiting (${outcome.hold.reason}); next try at ${outcome.hold.until}`;
  if (outcome.outcome === 'waiting') return `batch ${outcome.inFlight} is building`;
  return 'nothing waits';
}

export function createPublishRetryFunction(options: PublishRetryOptions) {
  const readSettings = options.readSettings ?? (() => readPublishRetrySettings(process.env));
  const log = options.log ?? ((message: string) => console.log(`[publish-retry] ${message}`));
  const now = options.now ?? (() => new Date());

  // Whatever the scheduler sends (its method and body are not documented): nothing of it is read.
  return (_request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded(
      'publish-retry',
      async () => {
        const idle = previewSiteAnswer(RETRY_ON_PREVIEW_SITE, options.site ?? process.env, log);
        if (idle) return idle;
        const settings = readSettings();
        const queue = queueFromSettings(
          siteStore(
            PUBLISH_QUEUE_STORE,
            context.deploy?.context || settings.CONTEXT,
            options.openBlobStore,
          ),
          settings,
          { now, fetch: options.fetch },
        );
        try {
          const outcome = await queue.retryWaiting();
          log(line(outcome));
          return answer(200, line(outcome));
        } catch (error) {
          if (!(error instanceof BatchStartError)) throw error;
          log(`${error.message}; next try at ${error.nextAt ?? 'the next run'}`);
          return answer(
            200,
            `the build service still did not answer; next try at ${error.nextAt ?? 'the next run'}`,
          );
        }
      },
      log,
    );
}
