/**
 * publish-retry, scheduled every minute: the event that needs nobody. The content service delivers a
 * failed webhook only twice, 30 s apart, and a deploy notification may never come; each run takes a
 * batch whose outcome is unknown as lost (its documents wait again) and starts what waits once its
 * hold is over (publish-queue.ts `retryWaiting`), with a doubling wait after each failed start. It
 * also watches the freshness check: when that check's record says it last ran more than twice
 * FRESHNESS_CHECK_MINUTES ago, ops are told (ops-alert.ts, once per stop). A run with nothing due
 * reads two blobs and changes nothing. Whatever the scheduler sends (its method and body are not
 * documented): nothing of it is read.
 */
import { readJson, UnreadableRecordError } from '../functions/blob-store.ts';
import type { FunctionDefinition, FunctionRun } from '../functions/define-function.ts';
import { answer } from '../functions/function-http.ts';
import {
  readPublishRetrySettings,
  type PublishRetrySettings,
} from '../functions/function-settings.ts';
import { keptAsideAlert, type OpsAlert } from '../functions/ops-alert.ts';
import { FRESHNESS_KEY, PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { FRESHNESS_RECORD, type FreshnessState } from '../publish-records/queue-record.ts';
import { BatchStartError, queueFromSettings } from './publish-queue.ts';
import { outcomeSentence } from './queue-outcome.ts';

export const publishRetry: FunctionDefinition<PublishRetrySettings, 'queue', object> = {
  name: 'publish-retry',
  // The schedule fires on the preview site too: nothing went wrong, so 200.
  onPreviewSite: { status: 200, hint: 'the public site retries its builds' },
  readSettings: readPublishRetrySettings,
  stores: { queue: PUBLISH_QUEUE_STORE },
  alertStore: 'queue',
  deps: {},
  async handle(_request, run) {
    await watchFreshness(run);
    const queue = queueFromSettings(run.store('queue'), run.settings, {
      now: run.now,
      fetch: run.fetch,
      alert: run.alert,
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

/** The freshness check stopped (its last run is more than twice its interval ago): what ops are told, once per stop. */
export function freshnessStoppedAlert(
  state: FreshnessState | undefined,
  now: Date,
  intervalMinutes: number,
): OpsAlert | undefined {
  if (!state) return undefined; // Never ran yet (a new site): nothing to compare with.
  const silentMs = now.getTime() - Date.parse(state.checkedAt);
  if (silentMs <= 2 * intervalMinutes * 60_000) return undefined;
  return {
    type: 'freshness-check-stopped',
    cause: state.checkedAt,
    summary: `The freshness check last ran at ${state.checkedAt}, more than twice its interval (${intervalMinutes} min) ago: changes of tenant records reach the site only with a publish until it runs again (docs/operations.md, "The freshness check stopped")`,
    details: { lastRunAt: state.checkedAt, intervalMinutes, lastOutcome: state.outcome },
  };
}

/** Reads the freshness check's record and tells ops if it stopped; never stops the retry's own work. */
async function watchFreshness(
  run: FunctionRun<PublishRetrySettings, 'queue', object>,
): Promise<void> {
  try {
    const state = await readJson(run.store('queue'), FRESHNESS_KEY, FRESHNESS_RECORD);
    const alert = freshnessStoppedAlert(
      state,
      run.now(),
      run.settings.FRESHNESS_CHECK_MINUTES ?? 60,
    );
    if (alert) await run.alert(alert);
  } catch (error) {
    if (error instanceof UnreadableRecordError) await run.alert(keptAsideAlert(error));
    run.log(`the freshness check's record could not be read: ${(error as Error).message}`);
  }
}
