/**
 * The nightly build: the giveaway's open/closed state and the enter button are decided at build
 * time, so a build a day keeps them right even when nobody publishes.
 */
import { scheduledBody, triggerBuild, type FetchLike } from './build-hook.ts';
import { answer, checkRequest, guarded, noContent } from './function-http.ts';
import { previewSiteAnswer } from './preview-site-guard.ts';

/**
 * The scheduler's invocation: today a POST with a small JSON body ({"next_run": ...}), but Netlify
 * does not document the method, and a scheduled function cannot be called by URL on Netlify, so
 * a method or a body type adds no safety: whatever the scheduler sends starts the build. Only the
 * body's size is bounded (it is never used).
 */
export const NIGHTLY_RULES = { methods: 'any', maxBodyBytes: 4 * 1024, contentTypes: 'any' } as const;

export interface NightlyOptions {
  hookUrl: string | undefined;
  fetch?: FetchLike;
  now?: () => Date;
  log?: (message: string) => void;
}

export async function runNightlyRebuild(options: NightlyOptions): Promise<Response> {
  const log = options.log ?? ((message: string) => console.log(`[nightly-rebuild] ${message}`));
  const now = (options.now ?? (() => new Date()))();
  // Its own batch: the nightly build never takes the place of a publish batch in the queue.
  let title: string;
  try {
    title = await triggerBuild(options.hookUrl, scheduledBody('nightly'), { now, ...(options.fetch ? { fetch: options.fetch } : {}) });
  } catch (error) {
    // The reason (which may name hosts or settings) goes to the log, not to the caller.
    log(`failed: ${(error as Error).message}`);
    return answer(500, 'the nightly build could not be started');
  }
  log(`build triggered: ${title}`);
  return noContent();
}

/** On the preview site the schedule still fires every night: nothing went wrong, so 200. */
export const NIGHTLY_ON_PREVIEW_SITE = { name: 'nightly-rebuild', status: 200, hint: 'the public site runs the nightly build' };

/**
 * The function: stays idle on the editors' preview site, checks the invocation, then runs the
 * nightly build; never answers with internals. `options` may be a function, so that reading the
 * settings happens inside the error guard. `site`: the function's environment (SITE_MODE).
 */
export async function handleNightly(request: Request, options: NightlyOptions | (() => NightlyOptions), site: Record<string, string | undefined> = process.env): Promise<Response> {
  return guarded('nightly-rebuild', async () => {
    const idle = previewSiteAnswer(NIGHTLY_ON_PREVIEW_SITE, site);
    if (idle) return idle;
    const checked = await checkRequest(request, NIGHTLY_RULES);
    if (!checked.ok) return checked.response;
    return runNightlyRebuild(typeof options === 'function' ? options() : options);
  });
}
