/**
 * Starts a Netlify build through the site's build hook (a secret URL: never log it). The body says
 * what the build is for (BuildHookBody: a publish batch and its documents, a freshness build, by hand); the
 * build reads it as INCOMING_HOOK_BODY. `trigger_title` becomes the deploy message and names the
 * batch, so the deploy notification's `title` says which batch a deploy carries.
 */
import { buildHookTitle, newBatchId, type BuildHookBody } from '../publish-records/hook-body.ts';
import { BUILD_HOOK_TIMEOUT_MS } from './queue-timing.ts';
import type { FetchLike } from '../functions/define-function.ts';

export class BuildHookError extends Error {
  /** The hook's HTTP status when it answered and refused; undefined when it was unset, unreachable or silent. */
  readonly status: number | undefined;

  constructor(message: string, options?: ErrorOptions & { status?: number }) {
    super(message, options);
    this.name = 'BuildHookError';
    this.status = options?.status;
  }
}

/**
 * A refusal, not a fault that passes: the hook answered 4xx (Netlify answers so when the team's
 * credits are used up, builds are stopped or the hook was deleted; its docs word none of these
 * answers). A 5xx or no answer is tried again as ever.
 */
export function isRefusal(error: unknown): error is BuildHookError {
  return (
    error instanceof BuildHookError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}

/** Calls the hook; throws a BuildHookError (never naming the URL) when it is unset, unreachable or refuses. */
export async function triggerBuild(
  hookUrl: string | undefined,
  body: BuildHookBody,
  options: { fetch?: FetchLike; now?: Date; reason?: string; timeoutMs?: number } = {},
): Promise<string> {
  if (!hookUrl) throw new BuildHookError('NETLIFY_BUILD_HOOK_URL is not set');
  const title = buildHookTitle(body, options.now, options.reason);
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // A hanging call would leave its batch in flight until its start deadline: it counts as failed instead.
      signal: AbortSignal.timeout(options.timeoutMs ?? BUILD_HOOK_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new BuildHookError(
      timedOut
        ? `the build hook did not answer within ${(options.timeoutMs ?? BUILD_HOOK_TIMEOUT_MS) / 1000} s`
        : `the build hook could not be reached: ${(error as Error).message}`,
      { cause: error },
    );
  }
  // The answer's body is of no use; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok)
    throw new BuildHookError(`the build hook answered HTTP ${response.status}`, {
      status: response.status,
    });
  return title;
}

/** A build by hand (`npm run rebuild`): its own batch, no documents. */
export function manualBody(): BuildHookBody {
  return { kind: 'manual', batch: newBatchId(), documents: [], more: 0 };
}
