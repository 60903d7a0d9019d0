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
import {
  readDeploysSettings,
  readStatusSettings,
  secretOrProblem,
  type DeploysSettings,
  type StatusSettings,
} from '../rebuild/function-settings.ts';
import { previewSiteAnswer } from '../rebuild/preview-site-guard.ts';
import type { FunctionContext } from '../rebuild/publish-webhook.ts';
import { siteStore } from '../rebuild/state-store.ts';
import { studioOrigins } from '../security/studio-origins.ts';
import {
  siteAccess,
  VERDICT_TTL_MS,
  type Caller,
  type CallerKind,
  type VerifyToken,
} from './access.ts';
import type { PassScope } from './editor-pass.ts';
import type { BlobStore } from '../publish-records/blob-store.ts';
import {
  DEPLOYS_STORE,
  PUBLISH_QUEUE_STORE,
  type DeploysAnswer,
  type DocumentStatus,
  type PublishStatusAnswer,
} from '../publish-records/records.ts';
import {
  deploysAnswer,
  documentStatus,
  parseStatusIds,
  unreadableStatus,
  type View,
} from './status.ts';
import { checkingAnswer, corsHeaders, json, message, preflight } from './status-http.ts';
import { createViewLoader, type ViewLoader } from './view.ts';

/** What either function reads: publish-status StatusSettings, deploys DeploysSettings. */
type FunctionSettings = StatusSettings & Partial<Pick<DeploysSettings, 'DEPLOY_BUDGET_PER_HOUR'>>;

export interface StatusFunctionOptions {
  openDeploysStore: () => BlobStore;
  openQueueStore: () => BlobStore;
  /** Tests: the settings (else each function reads its own: publish-status StatusSettings, deploys DeploysSettings). */
  readSettings?: () => FunctionSettings;
  /** Tests: how a token is checked (else Sanity, with the site's project and dataset). */
  verifyToken?: VerifyToken;
  site?: Record<string, string | undefined>;
  now?: () => Date;
  log?: (message: string) => void;
}

export const STATUS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so deploys cannot be read';

const ON_PREVIEW_SITE = (name: string) => ({
  name,
  status: 404,
  hint: 'the public site answers this',
});

interface Setup {
  origins: string[];
  callerOf: (request: Request, ip?: string) => Promise<Caller>;
  load: ViewLoader;
  budgetPerHour: number | undefined;
}

type StatusFunctionName = 'publish-status' | 'deploys';

export function createStatusFunctions(options: StatusFunctionOptions) {
  const readSettings = (name: StatusFunctionName) =>
    options.readSettings?.() ??
    (name === 'deploys' ? readDeploysSettings(process.env) : readStatusSettings(process.env));
  const log = options.log ?? ((line: string) => console.log(line));
  const errorLog = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  let setup: Setup | undefined;

  function setUp(name: StatusFunctionName, context: FunctionContext): Setup {
    if (setup) return setup;
    const settings: FunctionSettings = readSettings(name);
    const deployContext = context.deploy?.context || settings.CONTEXT;
    // Only the Studio the site names; without the setting, the local Studio only on the local stack
    // (`netlify dev` or a missing context is no proof of being local).
    const origins = studioOrigins(
      settings.SANITY_STUDIO_URL ?? (isLocalStack() ? LOCAL_STUDIO_URL : undefined),
    );
    const accessLog = (line: string) => log(`[publish-status] ${line}`);
    // The pass secret is read at the first caller with a token; without one no pass is given or taken (one log line).
    let passScope: PassScope | 'none' | undefined;
    const pass = (): PassScope | undefined => {
      if (passScope === undefined) {
        const found = secretOrProblem('EDITOR_PASS_SECRET', settings.EDITOR_PASS_SECRET);
        if ('problem' in found)
          accessLog(
            `${found.problem}: editors get no pass, and each is proven by Sanity again every ${VERDICT_TTL_MS / 60_000} minutes, within the budget of new tokens`,
          );
        passScope =
          'problem' in found
            ? 'none'
            : {
                secret: found.secret,
                site: settings.SITE_ID,
                context: deployContext,
                projectId: settings.SANITY_PROJECT_ID,
                dataset: settings.SANITY_DATASET,
              };
      }
      return passScope === 'none' ? undefined : passScope;
    };
    const access = siteAccess(
      {
        projectId: settings.SANITY_PROJECT_ID,
        dataset: settings.SANITY_DATASET,
        apiHost: settings.SANITY_API_HOST,
      },
      {
        ...(options.verifyToken ? { verify: options.verifyToken } : {}),
        pass,
        log: accessLog,
        now: () => now().getTime(),
      },
    );
    const load = createViewLoader({
      deploys: siteStore(
        DEPLOYS_STORE,
        deployContext,
        options.openDeploysStore,
        STATUS_BLOBS_MISSING,
      ),
      queue: siteStore(
        PUBLISH_QUEUE_STORE,
        deployContext,
        options.openQueueStore,
        STATUS_BLOBS_MISSING,
      ),
    });
    setup = {
      origins,
      callerOf: access.callerOf,
      load,
      budgetPerHour: settings.DEPLOY_BUDGET_PER_HOUR,
    };
    return setup;
  }

  /**
   * The shared steps: preview site, set-up, preflight, method, who the caller is ("checking your
   * access" answers at once); then `answer` with the caller and the CORS headers. An editor given a
   * new pass gets it in the answer (`editorPass`); a caller whose pass proved nothing gets `editorPass: null`.
   */
  function handler(
    name: StatusFunctionName,
    answer: (
      request: Request,
      caller: CallerKind,
      state: Setup,
    ) => Promise<{ status: number; body: object }>,
  ) {
    return (request: Request, context: FunctionContext = {}): Promise<Response> =>
      guarded(
        name,
        async () => {
          const idle = previewSiteAnswer(ON_PREVIEW_SITE(name), options.site ?? process.env, log);
          if (idle) return idle;
          const state = setUp(name, context);
          if (request.method === 'OPTIONS') return preflight(request, state.origins);
          const cors = corsHeaders(request.headers.get('origin'), state.origins);
          if (request.method !== 'GET')
            return message(405, 'method not allowed', { ...cors, allow: 'GET, OPTIONS' });
          const caller = await state.callerOf(request, context.ip);
          if (caller.kind === 'checking') return checkingAnswer(caller.retryAfterSeconds, cors);
          const { status, body } = await answer(request, caller.kind, state);
          // A new pass, or `null`: the pass sent proves nothing here (the Studio forgets it).
          const pass =
            caller.kind === 'editor' && caller.pass
              ? caller.pass
              : caller.passRefused
                ? null
                : undefined;
          return json(
            status,
            pass !== undefined && status === 200 ? { ...body, editorPass: pass } : body,
            cors,
          );
        },
        errorLog,
      );
  }

  async function tryLoad(
    state: Setup,
    question: Parameters<ViewLoader>[0],
    name: string,
  ): Promise<View | undefined> {
    try {
      return await state.load(question);
    } catch (error) {
      log(`[${name}] the deploy records could not be read: ${(error as Error).message}`);
      return undefined;
    }
  }

  return {
    publishStatus: handler('publish-status', async (request, caller, state) => {
      const parsed = parseStatusIds(new URL(request.url).searchParams.get('ids'));
      if (!parsed.ok) return { status: 400, body: { message: parsed.message } };
      const view = await tryLoad(
        state,
        { ids: parsed.questions.map((question) => question.id) },
        'publish-status',
      );
      // Own properties whatever the id (`__proto__` included): never a lookup or assignment through the prototype.
      const documents: Record<string, DocumentStatus> = Object.fromEntries(
        parsed.questions.map((question) => [
          question.id,
          view ? documentStatus(question, view, caller) : unreadableStatus(),
        ]),
      );
      const body: PublishStatusAnswer = { documents, checkedAt: now().toISOString() };
      return { status: 200, body };
    }),

    deploys: handler('deploys', async (request, caller, state) => {
      // A visitor learns only the live deploy's time and schools: the production history alone.
      const view = await tryLoad(
        state,
        { others: caller === 'editor', queue: caller === 'editor' },
        'deploys',
      );
      if (!view)
        return {
          status: 503,
          body: { message: 'the deploy records cannot be read right now; try again in a moment' },
        };
      const body: DeploysAnswer = deploysAnswer(
        view,
        caller,
        new URL(request.url).origin,
        now(),
        state.budgetPerHour,
      );
      return { status: 200, body };
    }),
  };
}
