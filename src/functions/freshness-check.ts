/**
 * Scheduled every quarter hour: starts a build only when the site would change with no publish (the
 * product API's tenant records differ from what the live deploy was built from, or the live deploy
 * is older than FRESHNESS_MAX_AGE_DAYS), on the quarter hours FRESHNESS_CHECK_MINUTES names; a run
 * by hand (Netlify's "Run now") checks at once (src/lib/rebuild/freshness-check.ts).
 */
import { defineFunction } from '../lib/functions/define-function.ts';
import { freshnessCheck } from '../lib/rebuild/freshness-check.ts';

export default defineFunction(freshnessCheck);

export const config = { schedule: '*/15 * * * *' };
