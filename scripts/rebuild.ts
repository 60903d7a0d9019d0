/**
 * Triggers a production build through the Netlify build hook, from any scheduler ops prefer
 * (cron, CI): the same call as the nightly function, as a build by hand (`{kind: "manual", batch}`).
 *   NETLIFY_BUILD_HOOK_URL=... npm run rebuild [-- --title "why"]
 */
import { parseArgs } from 'node:util';
import { scheduledBody, triggerBuild } from '../src/lib/rebuild/build-hook.ts';
import { readBuildHookSettings } from '../src/lib/rebuild/function-settings.ts';

const { values } = parseArgs({ options: { title: { type: 'string' } } });
try {
  // Only the hook: the build's own settings (and their production rules) do not concern a trigger.
  const title = await triggerBuild(readBuildHookSettings(process.env).NETLIFY_BUILD_HOOK_URL, scheduledBody('manual'), values.title ? { reason: values.title } : {});
  console.log(`build triggered: ${title}`);
} catch (error) {
  console.error(`rebuild failed: ${(error as Error).message}`);
  process.exit(1);
}
