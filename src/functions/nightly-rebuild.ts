/** Scheduled once a day (UTC midnight): rebuilds the site so build-time giveaway state stays right. */
import { env } from '../lib/config/env.ts';
import { handleNightly } from '../lib/rebuild/nightly-rebuild.ts';

export default async (request: Request) => handleNightly(request, { hookUrl: env().NETLIFY_BUILD_HOOK_URL });

export const config = { schedule: '@daily' };
