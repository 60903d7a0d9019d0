/**
 * The rebuild-on-publish endpoint as a plain function of (Request) → Response, so it is tested
 * without Netlify: only signed, fresh requests from the content service count; each one joins
 * the debounced burst, and the burst's newest publish triggers the build hook.
 */
import { triggerBuild, type FetchLike } from './build-hook.ts';
import { answer, checkRequest, guarded } from './function-http.ts';
import { createRebuildDebouncer, type PendingRebuild, type RebuildStateStore } from './rebuild-debounce.ts';
import { checkWebhookSignature, SIGNATURE_HEADER_NAME } from './webhook-signature.ts';

export interface PublishWebhookOptions {
  secret: string | undefined;
  hookUrl: string | undefined;
  store: RebuildStateStore;
  fetch?: FetchLike;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  quietMs?: number;
  maxWaitMs?: number;
  log?: (message: string) => void;
}

/** What Netlify passes as the second argument: `waitUntil`, and the deploy context the invocation serves. */
export interface FunctionContext {
  waitUntil?: (work: Promise<unknown>) => void;
  deploy?: { context?: string };
}

/** The content service sends the projection {_id, _type}: far below this. */
export const MAX_WEBHOOK_BODY_BYTES = 16 * 1024;

export function publishTitle(burst: PendingRebuild): string {
  return `Content published (${burst.count} change${burst.count === 1 ? '' : 's'})`;
}

export function createPublishWebhook(options: PublishWebhookOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[rebuild-on-publish] ${message}`));
  const debouncer = createRebuildDebouncer({
    store: options.store,
    trigger: (burst) => triggerBuild(options.hookUrl, publishTitle(burst), options.fetch),
    now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.quietMs !== undefined ? { quietMs: options.quietMs } : {}),
    ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}),
  });

  return (request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded('rebuild-on-publish', () => handlePublish(request, context), log);

  async function handlePublish(request: Request, context: FunctionContext): Promise<Response> {
    const checked = await checkRequest(request, { methods: ['POST'], maxBodyBytes: MAX_WEBHOOK_BODY_BYTES, contentTypes: ['application/json'] });
    if (!checked.ok) return checked.response;
    // Never accept anything when the secret is missing: that is a set-up error, not an open door.
    const unset = [...(options.secret ? [] : ['SANITY_WEBHOOK_SECRET']), ...(options.hookUrl ? [] : ['NETLIFY_BUILD_HOOK_URL'])];
    if (unset.length) {
      // Names only: which setting the site lacks is no secret, its value would be.
      log(`refused: ${unset.join(' and ')} not set`);
      return answer(500, `rebuild webhook is not configured: ${unset.join(' and ')} not set`);
    }
    const body = checked.body;
    const check = await checkWebhookSignature({ body, signature: request.headers.get(SIGNATURE_HEADER_NAME), secret: options.secret, now: now() });
    if (!check.ok) {
      log(`refused: ${check.reason}`);
      return answer(401, check.reason);
    }

    let mine: PendingRebuild;
    try {
      mine = await debouncer.record();
    } catch (error) {
      log(`could not record the publish: ${(error as Error).message}`);
      return answer(503, 'could not record the publish; retry');
    }

    const work = debouncer.settle(mine).then(
      (outcome) => log(outcome.result === 'triggered' ? `build triggered: ${publishTitle(outcome.burst)}` : 'a newer publish will trigger the build'),
      (error: unknown) => {
        log(`build hook failed: ${(error as Error).message}`);
        throw error;
      },
    );
    if (context.waitUntil) {
      // Answer at once; the platform keeps the invocation alive until the debounce settles.
      context.waitUntil(work.catch(() => undefined));
      return answer(202, 'rebuild scheduled');
    }
    try {
      await work;
      return answer(202, 'rebuild scheduled');
    } catch {
      // A failed hook call is the sender's cue to retry the delivery.
      return answer(502, 'the build hook failed');
    }
  }
}
