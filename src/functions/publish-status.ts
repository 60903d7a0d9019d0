/**
 * GET /api/publish-status?ids=a,b:rev,… — whether each document's published version is live on
 * the public site, publishing, not live (and why), or unknown; for the Studio's badge
 * (src/lib/deploys/status.ts).
 */
import { netlifyStatusFunctions } from '../lib/deploys/status-stores.ts';
import { withSettingsCheck } from '../lib/functions/settings-check.ts';

export default withSettingsCheck(['publish-status'], netlifyStatusFunctions().publishStatus);

export const config = { path: '/api/publish-status' };
