/** GET /api/deploys — the recent deploys, their triggers and schools; for the Studio's Deploys view (src/lib/deploys/status.ts). */
import { netlifyStatusFunctions } from '../lib/deploys/status-stores.ts';
import { withSettingsCheck } from '../lib/functions/settings-check.ts';

export default withSettingsCheck(['deploys'], netlifyStatusFunctions().deploys);

export const config = { path: '/api/deploys' };
