/**
 * Forces a production build now, whatever changed, through the Netlify build hook (from a shell, or
 * any scheduler ops prefer: cron, CI), as a build by hand (`{kind: "manual", batch}`). It starts at
 * once, and takes its slot of the deploy budget when the site hears of it.
 *   NETLIFY_BUILD_HOOK_URL=... npm run rebuild [-- --title "why"]
 */
import { parseArgs } from 'node:util';
import { manualBody, triggerBuild } from '../src/lib/rebuild/build-hook.ts';
import { readBuildHookSettings } from '../src/lib/functions/function-settings.ts';

const { values } = parseArgs({ options: { title: { type: 'string' } } });
try {
  // Only the hook: the build's own settings (and their production rules) do not concern a trigger.
  const title = await triggerBuild(
    readBuildHookSettings(process.env).NETLIFY_BUILD_HOOK_URL,
    manualBody(),
    values.title ? { reason: values.title } : {},
  );
  console.log(`build triggered: ${title}`);
} catch (error) {
  console.error(`rebuild failed: ${(error as Error).message}`);
  process.exit(1);
}
