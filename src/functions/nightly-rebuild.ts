/** Scheduled once a day (UTC midnight): rebuilds the site so build-time giveaway state stays right. */
import { env } from '../lib/env.ts';
import { runNightlyRebuild } from '../lib/ops/nightly-rebuild.ts';

export default async () => runNightlyRebuild({ hookUrl: env().NETLIFY_BUILD_HOOK_URL });

export const config = { schedule: '@daily' };
