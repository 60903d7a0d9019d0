/**
 * GET /api/publish-status and GET /api/deploys as Netlify runs them: idle on the editors' preview
 * site; CORS for the Studio's origins only (SANITY_STUDIO_URL; a local run without it admits the
 * local Studio); who the caller is decided by their Sanity token (access.ts); the answer made
 * from the deploy records (status.ts). A store that cannot be read makes every document
 * `unknown` (publish-status) or answers 503 (deploys); never a guess.
 */
import { LOCAL_STUDIO_URL } from '../config/local-addresses.ts';
import { isLocalStack } from '../config/local-stack.ts';
import { guarded } from '../rebuild/function-http.ts';
import { readStatusSettings, type StatusSettings } from '../rebuild/function-settings.ts';
import { previewSiteAnswer } from '../rebuild/preview-site-guard.ts';
import type { FunctionContext } from '../rebuild/publish-webhook.ts';
import { siteStore } from '../rebuild/state-store.ts';
import { studioOrigins } from '../security/studio-origins.ts';
import { createAccess, sanityTokenVerifier, type CallerKind, type VerifyToken } from './access.ts';
import type { BlobStore } from '../publish-records/blob-store.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE, type DeploysAnswer, type DocumentStatus, type PublishStatusAnswer } from '../publish-records/records.ts';
import { documentStatus, deploysSummary, parseStatusIds, unreadableStatus, waitingToBuild, type View } from './status.ts';
import { corsHeaders, json, message, preflight } from './status-http.ts';
import { createViewLoader, type ViewLoader } from './view.ts';

export interface StatusFunctionOptions {
  openDeploysStore: () => BlobStore;
  openQueueStore: () => BlobStore;
  readSettings?: () => StatusSettings;
  /** Tests: how a token is checked (else Sanity, with the site's project and dataset). */
  verifyToken?: VerifyToken;
  site?: Record<string, string | undefined>;
  now?: () => Date;
  log?: (message: string) => void;
}

export const STATUS_BLOBS_MISSING = 'Netlify Blobs is not available to this function, so deploys cannot be read';

const ON_PREVIEW_SITE = (name: string) => ({ name, status: 404, hint: 'the public site answers this' });

interface Setup {
  origins: string[];
  callerOf: (request: Request) => Promise<CallerKind>;
  load: ViewLoader;
}

export function createStatusFunctions(options: StatusFunctionOptions) {
  const readSettings = options.readSettings ?? (() => readStatusSettings(process.env));
  const log = options.log ?? ((line: string) => console.log(line));
  const errorLog = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  let setup: Setup | undefined;

  function setUp(context: FunctionContext): Setup {
    if (setup) return setup;
    const settings = readSettings();
    const deployContext = context.deploy?.context || settings.CONTEXT;
    // Only the Studio the site names; without the setting, the local Studio only on the local stack
    // (`netlify dev` or a missing context is no proof of being local).
    const origins = studioOrigins(settings.SANITY_STUDIO_URL ?? (isLocalStack() ? LOCAL_STUDIO_URL : undefined));
    const verify = options.verifyToken ?? sanityTokenVerifier({ projectId: settings.SANITY_PROJECT_ID, dataset: settings.SANITY_DATASET, apiHost: settings.SANITY_API_HOST });
    const access = createAccess({ verify, log: (line) => log(`[publish-status] ${line}`) });
    const load = createViewLoader({
      deploys: siteStore(DEPLOYS_STORE, deployContext, options.openDeploysStore, STATUS_BLOBS_MISSING),
      queue: siteStore(PUBLISH_QUEUE_STORE, deployContext, options.openQueueStore, STATUS_BLOBS_MISSING),
    });
    setup = { origins, callerOf: access.callerOf, load };
    return setup;
  }

  /** The shared steps: preview site, set-up, preflight, method; then `answer` with the caller and CORS headers. */
  function handler(name: string, answer: (request: Request, caller: CallerKind, cors: Record<string, string>, state: Setup) => Promise<Response>) {
    return (request: Request, context: FunctionContext = {}): Promise<Response> =>
      guarded(name, async () => {
        const idle = previewSiteAnswer(ON_PREVIEW_SITE(name), options.site ?? process.env, log);
        if (idle) return idle;
        const state = setUp(context);
        if (request.method === 'OPTIONS') return preflight(request, state.origins);
        const cors = corsHeaders(request.headers.get('origin'), state.origins);
        if (request.method !== 'GET') return message(405, 'method not allowed', { ...cors, allow: 'GET, OPTIONS' });
        return answer(request, await state.callerOf(request), cors, state);
      }, errorLog);
  }

  async function tryLoad(state: Setup, question: { ids?: string[]; others?: boolean }, name: string): Promise<View | undefined> {
    try {
      return await state.load(question);
    } catch (error) {
      log(`[${name}] the deploy records could not be read: ${(error as Error).message}`);
      return undefined;
    }
  }

  return {
    publishStatus: handler('publish-status', async (request, caller, cors, state) => {
      const parsed = parseStatusIds(new URL(request.url).searchParams.get('ids'));
      if (!parsed.ok) return message(400, parsed.message, cors);
      const view = await tryLoad(state, { ids: parsed.questions.map((question) => question.id) }, 'publish-status');
      // Own properties whatever the id (`__proto__` included): never a lookup or assignment through the prototype.
      const documents: Record<string, DocumentStatus> = Object.fromEntries(parsed.questions.map((question) => [question.id, view ? documentStatus(question, view, caller) : unreadableStatus()]));
      const body: PublishStatusAnswer = { documents, checkedAt: now().toISOString() };
      return json(200, body, cors);
    }),

    deploys: handler('deploys', async (request, caller, cors, state) => {
      const view = await tryLoad(state, { others: caller === 'editor' }, 'deploys');
      if (!view) return message(503, 'the deploy records cannot be read right now; try again in a moment', cors);
      const waiting = waitingToBuild(view, caller);
      const body: DeploysAnswer = { deploys: deploysSummary(view, caller, new URL(request.url).origin), ...(waiting ? { waitingToBuild: waiting } : {}), checkedAt: now().toISOString() };
      return json(200, body, cors);
    }),
  };
}
