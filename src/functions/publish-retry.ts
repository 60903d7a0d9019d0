/**
 * Scheduled every minute: starts the publishes that wait because the build hook did not answer,
 * once their time to try again has come (src/lib/rebuild/publish-retry.ts).
 */
import { defineFunction } from '../lib/functions/define-function.ts';
import { publishRetry } from '../lib/rebuild/publish-retry.ts';

export default defineFunction(publishRetry);

// Netlify reads the schedule only as a literal here: PUBLISH_RETRY_SCHEDULE (queue-timing.ts) says the same, held by a test.
export const config = { schedule: '* * * * *' };
