/**
 * The rebuild-on-publish endpoint as a plain function of (Request) → Response, so it is tested
 * without Netlify: only signed, fresh requests from the content service count; each one is a
 * published document ({_id, _type, _rev, _updatedAt}) that joins the publish queue, which starts
 * a build at once when none is running (publish-queue.ts).
 */
import type { BlobStore } from '../functions/blob-store.ts';
import {
  publishedDocumentFrom,
  publishWebhookBodySchema,
  type PublishedDocument,
} from '../publish-records/hook-body.ts';
import { triggerBuild, type FetchLike } from './build-hook.ts';
import { answer, checkRequest, guarded, type FunctionContext } from '../functions/function-http.ts';
import { BatchStartError, createPublishQueue, type QueueOutcome } from './publish-queue.ts';
import { checkWebhookSignature, SIGNATURE_HEADER_NAME } from './webhook-signature.ts';

export interface PublishWebhookOptions {
  secret: string | undefined;
  hookUrl: string | undefined;
  /** The `rebuild-on-publish` store (the queue's record). */
  store: BlobStore;
  fetch?: FetchLike;
  now?: () => number;
  newBatchId?: () => string;
  retryBaseMs?: number;
  /** The deploy budget (DEPLOY_BUDGET_PER_HOUR). */
  budgetPerHour?: number | undefined;
  log?: (message: string) => void;
}

/** The content service sends the projection {_id, _type, _rev, _updatedAt}: far below this. */
export const MAX_WEBHOOK_BODY_BYTES = 16 * 1024;

function parsePublish(body: string, arrivedAt: Date): PublishedDocument | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const parsed = publishWebhookBodySchema.safeParse(json);
  if (!parsed.success) return 'the body is not the projection {_id, _type, _rev, _updatedAt}';
  if (parsed.data._id.startsWith('drafts.'))
    return 'a draft is not a publish (switch drafts off in the webhook)';
  // A release's documents reach the site when it publishes, as published documents.
  if (parsed.data._id.startsWith('versions.'))
    return 'a release version is not a publish (switch versions off in the webhook)';
  return publishedDocumentFrom(parsed.data, arrivedAt);
}

function describe(outcome: QueueOutcome): string {
  if (outcome.outcome === 'started')
    return `build started: ${outcome.title}${outcome.recovered ? ` (batch ${outcome.recovered}'s outcome was unknown: its documents are in this one)` : ''}`;
  if (outcome.outcome === 'waiting') return `waiting for the build of batch ${outcome.inFlight}`;
  if (outcome.outcome === 'held')
    return outcome.hold.cause === 'deploy-budget'
      ? `waiting: next build at ${outcome.hold.until} (deploy budget)`
      : `waiting (${outcome.hold.reason}): the site starts it at ${outcome.hold.until}`;
  if (outcome.outcome === 'duplicate')
    return 'this revision is already building or built: no build started';
  return outcome.outcome;
}

/** What the content service is told: the publish is kept in every case but a failure to record it. */
function accepted(outcome: QueueOutcome): string {
  if (outcome.outcome === 'started') return 'build started';
  if (outcome.outcome === 'duplicate') return 'already building or built';
  if (outcome.outcome === 'held')
    return outcome.hold.cause === 'deploy-budget'
      ? `waiting: next build at ${outcome.hold.until} (deploy budget)`
      : `waiting: ${outcome.hold.reason}; the site tries again at ${outcome.hold.until}`;
  return 'waiting for the running build';
}

export function createPublishWebhook(options: PublishWebhookOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[rebuild-on-publish] ${message}`));
  const queue = createPublishQueue({
    store: options.store,
    trigger: (body) =>
      triggerBuild(options.hookUrl, body, {
        now: new Date(now()),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    now: () => new Date(now()),
    ...(options.newBatchId ? { newBatchId: options.newBatchId } : {}),
    ...(options.retryBaseMs ? { retryBaseMs: options.retryBaseMs } : {}),
    budgetPerHour: options.budgetPerHour,
  });

  return (request: Request, _context: FunctionContext = {}): Promise<Response> =>
    guarded('rebuild-on-publish', () => handlePublish(request), log);

  async function handlePublish(request: Request): Promise<Response> {
    const checked = await checkRequest(request, {
      methods: ['POST'],
      maxBodyBytes: MAX_WEBHOOK_BODY_BYTES,
      contentTypes: ['application/json'],
    });
    if (!checked.ok) return checked.response;
    // Never accept anything when the secret is missing: that is a set-up error, not an open door.
    const unset = [
      ...(options.secret ? [] : ['SANITY_WEBHOOK_SECRET']),
      ...(options.hookUrl ? [] : ['NETLIFY_BUILD_HOOK_URL']),
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
      now: now(),
    });
    if (!check.ok) {
      log(`refused: ${check.reason}`);
      return answer(401, check.reason);
    }
    const publish = parsePublish(body, new Date(now()));
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
      log(`could not record the publish: ${(error as Error).message}`);
      return answer(503, 'could not record the publish; retry');
    }
    log(`${publish.id} (${publish.type}, rev ${publish.rev ?? 'unknown'}): ${describe(outcome)}`);
    return answer(202, accepted(outcome));
  }
}
