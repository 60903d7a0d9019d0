/**
 * The nightly build: the giveaway's open/closed state and the enter button are decided at build
 * time, so a build a day keeps them right even when nobody publishes.
 */
import { nightlyTitle, triggerBuild, type FetchLike } from './build-hook.ts';
import { answer, checkRequest, guarded, noContent } from './function-http.ts';

/** The scheduler's invocation: a POST with a small JSON body ({"next_run": ...}). */
export const NIGHTLY_RULES = { methods: ['POST'], maxBodyBytes: 4 * 1024, contentTypes: ['application/json'], contentTypeOptional: true } as const;

export interface NightlyOptions {
  hookUrl: string | undefined;
  fetch?: FetchLike;
  now?: () => Date;
  log?: (message: string) => void;
}

export async function runNightlyRebuild(options: NightlyOptions): Promise<Response> {
  const log = options.log ?? ((message: string) => console.log(`[nightly-rebuild] ${message}`));
  const title = nightlyTitle((options.now ?? (() => new Date()))());
  try {
    await triggerBuild(options.hookUrl, title, options.fetch);
  } catch (error) {
    // The reason (which may name hosts or settings) goes to the log, not to the caller.
    log(`failed: ${(error as Error).message}`);
    return answer(500, 'the nightly build could not be started');
  }
  log(`build triggered: ${title}`);
  return noContent();
}

/**
 * The function: checks the invocation, then runs the nightly build; never answers with internals.
 * `options` may be a function, so that reading the settings happens inside the error guard.
 */
export async function handleNightly(request: Request, options: NightlyOptions | (() => NightlyOptions)): Promise<Response> {
  return guarded('nightly-rebuild', async () => {
    const checked = await checkRequest(request, NIGHTLY_RULES);
    if (!checked.ok) return checked.response;
    return runNightlyRebuild(typeof options === 'function' ? options() : options);
  });
}
