/**
 * publish-retry, scheduled every minute: the event that needs nobody. The content service delivers a
 * failed webhook only twice, 30 s apart, and a deploy notification may never come; each run takes a
 * batch whose outcome is unknown as lost (its documents wait again) and starts what waits once its
 * hold is over (publish-queue.ts `retryWaiting`), with a doubling wait after each failed start. A run
 * with nothing due reads one blob and changes nothing. Whatever the scheduler sends (its method and
 * body are not documented): nothing of it is read.
 */
import type { FunctionDefinition } from '../functions/define-function.ts';
import { answer } from '../functions/function-http.ts';
import {
  readPublishRetrySettings,
  type PublishRetrySettings,
} from '../functions/function-settings.ts';
import { PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { BatchStartError, queueFromSettings } from './publish-queue.ts';
import { outcomeSentence } from './queue-outcome.ts';

export const publishRetry: FunctionDefinition<PublishRetrySettings, 'queue', object> = {
  name: 'publish-retry',
  // The schedule fires on the preview site too: nothing went wrong, so 200.
  onPreviewSite: { status: 200, hint: 'the public site retries its builds' },
  readSettings: readPublishRetrySettings,
  stores: { queue: PUBLISH_QUEUE_STORE },
  deps: {},
  async handle(_request, run) {
    const queue = queueFromSettings(run.store('queue'), run.settings, {
      now: run.now,
      fetch: run.fetch,
    });
    try {
      const said = outcomeSentence(await queue.retryWaiting(), true);
      run.log(said);
      return answer(200, said);
    } catch (error) {
      if (!(error instanceof BatchStartError)) throw error;
      run.log(`${error.message}; next try at ${error.nextAt ?? 'the next run'}`);
      return answer(
        200,
        `the build service still did not answer; next try at ${error.nextAt ?? 'the next run'}`,
      );
    }
  },
};
