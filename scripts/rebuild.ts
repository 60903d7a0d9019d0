/**
 * Triggers a production build through the Netlify build hook, from any scheduler ops prefer
 * (cron, CI): the same call as the nightly function.
 *   NETLIFY_BUILD_HOOK_URL=... npm run rebuild [-- --title "why"]
 */
import { parseArgs } from 'node:util';
import { triggerBuild } from '../src/lib/rebuild/build-hook.ts';
import { readBuildHookSettings } from '../src/lib/rebuild/function-settings.ts';

const { values } = parseArgs({ options: { title: { type: 'string' } } });
const title = values.title ?? `Scheduled rebuild ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
try {
  // Only the hook: the build's own settings (and their production rules) do not concern a trigger.
  await triggerBuild(readBuildHookSettings(process.env).NETLIFY_BUILD_HOOK_URL, title);
  console.log(`build triggered: ${title}`);
} catch (error) {
  console.error(`rebuild failed: ${(error as Error).message}`);
  process.exit(1);
}
