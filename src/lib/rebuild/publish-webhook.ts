/**
 * The rebuild-on-publish endpoint as a plain function of (Request) → Response, so it is tested
 * without Netlify: only signed, fresh requests from the content service count; each one is a
 * published document ({_id, _type, _rev, _updatedAt}) that joins the publish queue, which starts
 * a build at once when none is running (publish-queue.ts). The queue is the one every function
 * builds from its settings (`queueFromSettings`).
 */
import { UnreadableRecordError, type BlobStore } from '../functions/blob-store.ts';
import type { FetchLike, FunctionDefinition } from '../functions/define-function.ts';
import type { OpsAlert } from '../functions/ops-alert.ts';
import { answer, checkJsonPost, jsonBody } from '../functions/function-http.ts';
import {
  readPublishSettings,
  rotatingSecret,
  type PublishSettings,
  type QueueSettings,
} from '../functions/function-settings.ts';
import {
  publishedDocumentFrom,
  publishWebhookBodySchema,
  type PublishedDocument,
} from '../publish-records/hook-body.ts';
import { PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { BatchStartError, queueFromSettings } from './publish-queue.ts';
import { outcomeSentence, type QueueOutcome } from './queue-outcome.ts';
import { checkWebhookSignature, SIGNATURE_HEADER_NAME } from './webhook-signature.ts';

export interface PublishWebhookOptions {
  secret: string | undefined;
  /** During a rotation: SANITY_WEBHOOK_SECRET_PREVIOUS, accepted too (never signed with). */
  previousSecret?: string | undefined;
  /** The publish queue's settings (QUEUE_SETTINGS): the build hook, the queue's unit of time, the deploy budget. */
  settings: QueueSettings;
  /** The `rebuild-on-publish` store (the queue's record). */
  store: BlobStore;
  fetch?: FetchLike | undefined;
  now?: () => Date;
  newBatchId?: (() => string) | undefined;
  log?: (message: string) => void;
  /** Tells ops of a build the hook refused (define-function.ts `run.alert`). */
  alert?: ((alert: OpsAlert) => Promise<void>) | undefined;
}

/** The content service sends the projection {_id, _type, _rev, _updatedAt}: far below this. */
export const MAX_WEBHOOK_BODY_BYTES = 16 * 1024;

function parsePublish(value: unknown, arrivedAt: Date): PublishedDocument | string {
  const parsed = publishWebhookBodySchema.safeParse(value);
  if (!parsed.success) return 'the body is not the projection {_id, _type, _rev, _updatedAt}';
  if (parsed.data._id.startsWith('drafts.'))
    return 'a draft is not a publish (switch drafts off in the webhook)';
  // A release's documents reach the site when it publishes, as published documents.
  if (parsed.data._id.startsWith('versions.'))
    return 'a release version is not a publish (switch versions off in the webhook)';
  return publishedDocumentFrom(parsed.data, arrivedAt);
}

export function createPublishWebhook(options: PublishWebhookOptions) {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(`[rebuild-on-publish] ${message}`));
  const queue = queueFromSettings(options.store, options.settings, {
    now,
    fetch: options.fetch,
    newBatchId: options.newBatchId,
    alert: options.alert,
  });

  // A throw reaches the function's error guard (define-function.ts).
  return async (request: Request): Promise<Response> => {
    const checked = await checkJsonPost(request, MAX_WEBHOOK_BODY_BYTES);
    if (!checked.ok) return checked.response;
    // Never accept anything when the secret is missing: that is a set-up error, not an open door.
    const unset = [
      ...(options.secret ? [] : ['SANITY_WEBHOOK_SECRET']),
      ...(options.settings.NETLIFY_BUILD_HOOK_URL ? [] : ['NETLIFY_BUILD_HOOK_URL']),
    ];
    if (unset.length) {
      // Names only: which setting the site lacks is no secret, its value would be.
      log(`refused: ${unset.join(' and ')} not set`);
      return answer(500, `rebuild webhook is not configured: ${unset.join(' and ')} not set`);
    }
    const body = checked.body;
    const check = await checkWebhookSignature({
      body,
      signature: request.headers.get(SIGNATURE_HEADER_NAME),
      secret: options.secret!,
      previous: options.previousSecret,
      now: now().getTime(),
    });
    if (!check.ok) {
      log(`refused: ${check.reason}`);
      return answer(401, check.reason);
    }
    if (check.with === 'previous')
      log(
        'signed with SANITY_WEBHOOK_SECRET_PREVIOUS: accepted; set the new secret in Sanity, then unset the previous one',
      );
    const json = jsonBody(body);
    if (!json.ok) {
      log(`refused: ${json.message}`);
      return json.response;
    }
    const publish = parsePublish(json.value, now());
    if (typeof publish === 'string') {
      log(`refused: ${publish}`);
      return answer(400, publish);
    }

    let outcome: QueueOutcome;
    try {
      outcome = await queue.publish(publish);
    } catch (error) {
      if (error instanceof BatchStartError) {
        // The batch waits again and the site calls the hook again itself (publish-retry); the
        // content service need not deliver it again (it would only twice, 30 s apart).
        log(`${error.message}`);
        return answer(
          202,
          `the build service did not answer; the publish is kept and the site tries again${error.nextAt ? ` at ${error.nextAt}` : ''}`,
        );
      }
      // A queue this code cannot read is kept aside: the guard answers 503 naming it (the content service retries).
      if (error instanceof UnreadableRecordError) throw error;
      log(`could not record the publish: ${(error as Error).message}`);
      return answer(503, 'could not record the publish; retry');
    }
    log(
      `${publish.id} (${publish.type}, rev ${publish.rev ?? 'unknown'}): ${outcomeSentence(outcome, true)}`,
    );
    return answer(202, outcomeSentence(outcome));
  };
}

/**
 * rebuild-on-publish as Netlify runs it (define-function.ts): a 404 on the editors' preview site (a
 * webhook sent there shows as failed in Sanity's webhook log); elsewhere its secret (the local
 * default refused on a deployed site), its settings and its store are read inside the error guard.
 * It also answers the operator's settings check for the scheduled functions, which no URL reaches.
 */
export const rebuildOnPublish: FunctionDefinition<
  PublishSettings,
  'queue',
  { newBatchId: (() => string) | undefined }
> = {
  name: 'rebuild-on-publish',
  settingsCheck: ['rebuild-on-publish', 'freshness-check', 'publish-retry'],
  onPreviewSite: { status: 404, hint: 'send the content webhook to the public site' },
  readSettings: readPublishSettings,
  stores: { queue: PUBLISH_QUEUE_STORE },
  alertStore: 'queue',
  deps: { newBatchId: undefined },
  handle: (request, run) => {
    const secret = rotatingSecret(
      'SANITY_WEBHOOK_SECRET',
      run.settings.SANITY_WEBHOOK_SECRET,
      run.settings.SANITY_WEBHOOK_SECRET_PREVIOUS,
    );
    return createPublishWebhook({
      secret: secret.current,
      previousSecret: secret.previous,
      settings: run.settings,
      store: run.store('queue'),
      fetch: run.fetch,
      now: run.now,
      newBatchId: run.deps.newBatchId,
      log: run.log,
      alert: run.alert,
    })(request);
  },
};
