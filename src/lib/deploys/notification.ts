/**
 * POST /api/deploy-notification as a plain function of (Request) → Response: Netlify's deploy
 * notifications (started, succeeded, failed, restored, locked, unlocked). Only a body whose JWS
 * verifies is read (jws.ts); anything else is 401 and nothing is recorded; so is one whose times
 * cannot order it (none readable, or any more than MAX_CLOCK_SKEW_MS ahead): 400. A notification of
 * another site (its `site_id` is not SITE_ID) is answered 200 "ignored" and recorded nowhere: it
 * is genuine (signed with this site's secret), so Netlify should not retry it, and the log names it.
 * A production deploy that starts confirms its publish batch's start; one that finishes ends the
 * batch (a failed build puts its documents back once) and starts the next one. Each tells the
 * publish queue which deploy is live now, as the production history shows it: an older deploy
 * published again over a newer one (a restore: the body is that deploy, `ready` with a new
 * `published_at`; it names no event) holds what waits until the latest deploy is live again or
 * deploys are unlocked (rebuild/restore-hold.ts).
 */
import { UnreadableRecordError } from '../functions/blob-store.ts';
import { answer, checkJsonPost, jsonBody } from '../functions/function-http.ts';
import {
  BatchStartError,
  type BuildOutcome,
  type PublishQueueHandle,
} from '../rebuild/publish-queue.ts';
import { outcomeSentence } from '../rebuild/queue-outcome.ts';
import { failureCause } from '../publish-records/build-failure.ts';
import { isFinished, recordState, timesProblem } from './deploy-state.ts';
import type { DeployStoreHandle } from './deploy-store.ts';
import { NETLIFY_SIGNATURE_HEADER, verifyNetlifySignature } from './jws.ts';
import {
  deployNotificationSchema,
  MAX_CLOCK_SKEW_MS,
  type DeployNotification,
} from '../publish-records/deploy-history.ts';
import { batchFromTitle } from '../publish-records/hook-body.ts';
import { liveView } from '../rebuild/restore-hold.ts';
import type { OpsAlert } from '../functions/ops-alert.ts';

/** Netlify's deploy object is a few KB; far below this. */
export const MAX_NOTIFICATION_BODY_BYTES = 256 * 1024;

export interface NotificationOptions {
  secret: string | undefined;
  /** During a rotation: NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS, accepted too. */
  previousSecret?: string | undefined;
  siteId: string;
  deploys: DeployStoreHandle;
  queue: PublishQueueHandle;
  log?: (message: string) => void;
  now?: () => number;
  /** Tells ops of a failed production build (define-function.ts `run.alert`: once per deploy). */
  alert?: ((alert: OpsAlert) => Promise<void>) | undefined;
}

/** A failed production build, as ops are told of it: one alert per deploy. */
export function buildFailedAlert(notification: DeployNotification): OpsAlert {
  const cause = failureCause(notification.error_message);
  return {
    type: 'build-failed',
    cause: notification.id,
    summary: `The production build of deploy ${notification.id} failed${cause === 'build-command' ? ' in its build command (broken content, or a service the build reads was down)' : ' outside its build command'}; the publish queue tries a failed build again once (docs/operations.md, "A failed production build")`,
    details: {
      deployId: notification.id,
      title: notification.title ?? null,
      errorMessage: (notification.error_message ?? '').slice(0, 500) || null,
      context: notification.context ?? null,
    },
  };
}

/** How a finished production deploy ended, for the queue (a failure of either cause is tried again once). */
export function buildOutcome(notification: DeployNotification): BuildOutcome {
  const state = recordState(notification.state);
  if (state === 'error')
    return failureCause(notification.error_message) === 'build-command'
      ? 'failed-build-command'
      : 'failed-platform';
  return state === 'canceled' ? 'canceled' : 'ready';
}

export async function handleNotification(
  request: Request,
  options: NotificationOptions,
): Promise<Response> {
  const log = options.log ?? ((message: string) => console.log(`[deploy-notification] ${message}`));
  const checked = await checkJsonPost(request, MAX_NOTIFICATION_BODY_BYTES);
  if (!checked.ok) return checked.response;
  if (!options.secret) {
    log('refused: NETLIFY_DEPLOY_NOTIFICATION_SECRET not set');
    return answer(
      500,
      'deploy notifications are not configured: NETLIFY_DEPLOY_NOTIFICATION_SECRET not set',
    );
  }
  const check = await verifyNetlifySignature({
    token: request.headers.get(NETLIFY_SIGNATURE_HEADER),
    body: checked.body,
    secret: options.secret,
    previous: options.previousSecret,
  });
  if (!check.ok) {
    log(`refused: ${check.reason}`);
    return answer(401, check.reason);
  }
  if (check.with === 'previous')
    log(
      'signed with NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS: accepted; set the new secret in each deploy notification, then unset the previous one',
    );
  const json = jsonBody(checked.body);
  if (!json.ok) {
    log(`refused: ${json.message}`);
    return json.response;
  }
  const parsed = deployNotificationSchema.safeParse(json.value);
  if (!parsed.success) {
    log('refused: the body is not a deploy');
    return answer(400, 'the body is not a Netlify deploy');
  }
  const notification = parsed.data;
  // Ordered by its own times: without one it could be applied on every replay; one far ahead would hold the site for good.
  const badTimes = timesProblem(notification, (options.now ?? Date.now)(), MAX_CLOCK_SKEW_MS);
  if (badTimes) {
    log(`refused: deploy ${notification.id}: ${badTimes}`);
    return answer(400, `${badTimes}: nothing recorded`);
  }
  if (notification.site_id !== options.siteId) {
    log(`ignored: deploy ${notification.id} is of site ${notification.site_id}, not this site's`);
    return answer(200, 'ignored: a deploy of another site');
  }

  let batches;
  let outcome;
  try {
    const queued = await options.queue.read();
    batches = [...(queued.inFlight ? [queued.inFlight] : []), ...queued.recent];
    outcome = await options.deploys.record(notification, batches);
  } catch (error) {
    // A record this code cannot read is kept aside: the guard answers 503 naming it.
    if (error instanceof UnreadableRecordError) throw error;
    log(`could not record deploy ${notification.id}: ${(error as Error).message}`);
    return answer(503, 'could not record the deploy; retry');
  }
  const state = recordState(notification.state);
  log(
    `deploy ${notification.id} (${notification.context ?? 'no context'}) ${notification.state}: ${outcome.changed ? 'recorded' : 'nothing new'}${outcome.nowLive ? ', now live' : ''}`,
  );

  const batch = batchFromTitle(notification.title ?? outcome.record?.title);
  const createdAt = notification.created_at ?? outcome.record?.createdAt;
  const live = outcome.history ? liveView(outcome.history) : undefined;
  // A build that started confirms its batch's start (a late answer of the build hook, or a batch taken as lost).
  if (notification.context === 'production' && !isFinished(state)) {
    try {
      await options.queue.building(batch, createdAt, live);
    } catch (error) {
      if (error instanceof UnreadableRecordError) throw error;
      // Its finish (or the batch's deadline) still decides: nothing waits on this write.
      log(
        `deploy ${notification.id}: its start could not be noted in the publish queue: ${(error as Error).message}`,
      );
    }
  }
  if (notification.context === 'production' && state === 'error')
    await options.alert?.(buildFailedAlert(notification));
  // A finished production build frees the queue: what waited goes into the next build now.
  if (notification.context === 'production' && isFinished(state)) {
    try {
      log(
        outcomeSentence(
          await options.queue.finished(batch, buildOutcome(notification), createdAt, live),
          true,
        ),
      );
    } catch (error) {
      if (error instanceof UnreadableRecordError) throw error;
      log(`the next build could not be started: ${(error as Error).message}`);
      // The deploy is recorded; what waits is started again by publish-retry, so Netlify need not deliver this again.
      if (error instanceof BatchStartError)
        return answer(
          200,
          `recorded; the next build waits: the build service did not answer${error.nextAt ? `; the site tries again at ${error.nextAt}` : ''}`,
        );
      return answer(502, 'recorded; the publish queue could not be read');
    }
  }
  return answer(200, outcome.changed ? 'recorded' : 'nothing new');
}
