/**
 * The nightly build: the giveaway's open/closed state and the enter button are decided at build
 * time, so a build a day keeps them right even when nobody publishes.
 */
import { nightlyTitle, triggerBuild, type FetchLike } from './build-hook.ts';

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
    log(`failed: ${(error as Error).message}`);
    return new Response(JSON.stringify({ message: (error as Error).message }), { status: 500, headers: { 'content-type': 'application/json' } });
  }
  log(`build triggered: ${title}`);
  return new Response(null, { status: 204 });
}
