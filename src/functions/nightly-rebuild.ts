/** Scheduled once a day (UTC midnight): rebuilds the site so build-time giveaway state stays right. */
import { readBuildHookSettings } from '../lib/rebuild/function-settings.ts';
import { handleNightly } from '../lib/rebuild/nightly-rebuild.ts';

// Settings are read per invocation, inside the function's error guard.
export default async (request: Request) => handleNightly(request, () => ({ hookUrl: readBuildHookSettings(process.env).NETLIFY_BUILD_HOOK_URL }));

export const config = { schedule: '@daily' };
