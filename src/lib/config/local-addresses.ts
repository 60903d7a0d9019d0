/**
 * The local stack's addresses and secrets: the offline defaults of the site's settings and of the local
 * stack itself. Dependency-free, so modules that reach the browser can use them too.
 */
export const LOCAL_SITE_PORT = 4321;
export const LOCAL_API_PORT = 8787;
/** The local API's address, used for `{api}` when PUBLIC_API_BASE is unset. */
export const LOCAL_API_BASE = `http://127.0.0.1:${LOCAL_API_PORT}`;
export const LOCAL_SITE_URL = `http://localhost:${LOCAL_SITE_PORT}`;
/** The Studio's local address (`npm run dev` in studio/): the one origin that may frame a local preview site. */
export const LOCAL_STUDIO_URL = 'http://localhost:3333';
/** The bundled dataset and tenant records: the offline defaults of the build and of the local API. */
export const DEFAULT_DATASET_DIR = 'src/dataset';
export const DEFAULT_TENANTS_FILE = `${DEFAULT_DATASET_DIR}/tenants.json`;
/** The documented local secrets: only the local stack takes them (src/lib/config/local-stack.ts); anywhere else a function refuses them. */
export const LOCAL_WEBHOOK_SECRET = 'local-webhook-secret-not-for-deploys';
export const LOCAL_DEPLOY_NOTIFICATION_SECRET = 'local-deploy-notification-secret-not-for-deploys';
export const LOCAL_EDITOR_PASS_SECRET = 'local-editor-pass-secret-not-for-deploys';
/** The local stack's SITE_ID, where Netlify's is absent. */
export const LOCAL_SITE_ID = 'local-site';
