/**
 * GET /api/publish-status and GET /api/deploys as Netlify runs them (define-function.ts): a 404 on
 * the editors' preview site; CORS for the Studio's origins only (SANITY_STUDIO_URL; a local run without it admits the
 * local Studio); who the caller is decided by their Sanity token (access.ts); the answer made
 * from the deploy records (status.ts). A store that cannot be read makes every document
 * `unknown` (publish-status) or answers 503 (deploys); never a guess. A record this code cannot
 * read (kept aside: blob-store.ts) is named to an editor in the deploys answer's message, and told
 * to ops once.
 */
import { LOCAL_STUDIO_URL } from '../config/local-addresses.ts';
import { isLocalStack } from '../config/local-stack.ts';
import type {
  FunctionDefinition,
  FunctionFakes,
  FunctionRun,
} from '../functions/define-function.ts';
import {
  readDeploysSettings,
  previousSecretProblem,
  readStatusSettings,
  secretOrProblem,
  type DeploysSettings,
  type StatusSettings,
} from '../functions/function-settings.ts';
import { UnreadableRecordError } from '../functions/blob-store.ts';
import { keptAsideAlert } from '../functions/ops-alert.ts';
import { studioOrigins } from '../security/studio-origins.ts';
import {
  siteAccess,
  VERDICT_TTL_MS,
  type Caller,
  type CallerKind,
  type VerifyToken,
} from './access.ts';
import type { PassScope } from './editor-pass.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import type {
  DeploysAnswer,
  DocumentStatus,
  PublishStatusAnswer,
} from '../publish-records/status-answers.ts';
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

export const STATUS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so deploys cannot be read';

type StatusFunctionName = 'publish-status' | 'deploys';
type StatusStores = 'deploys' | 'queue';
/** Tests: how a token is checked (else Sanity, with the site's project and dataset). */
type StatusDeps = { verifyToken: VerifyToken | undefined };
type StatusRun = FunctionRun<FunctionSettings, StatusStores, StatusDeps>;
/** What tests put in the platform's place for either function. */
export type StatusFakes = FunctionFakes<FunctionSettings, StatusStores, StatusDeps>;
type StatusAnswer = (
  request: Request,
  caller: CallerKind,
  state: Setup,
  run: StatusRun,
) => Promise<{ status: number; body: object }>;

interface Setup {
  origins: string[];
  callerOf: (request: Request, ip?: string) => Promise<Caller>;
  load: ViewLoader;
  budgetPerHour: number | undefined;
}

/**
 * The two status functions, sharing what one instance sets up at its first call (its settings, the
 * Studio's origins, the token verdicts and the editor-pass secret): on Netlify each entry has its
 * own (each calls this); tests make both from one.
 */
export function statusFunctions(): Record<
  'publishStatus' | 'deploys',
  FunctionDefinition<FunctionSettings, StatusStores, StatusDeps>
> {
  let setup: Setup | undefined;

  function setUp(run: StatusRun): Setup {
    if (setup) return setup;
    const settings = run.settings;
    // Only the Studio the site names; without the setting, the local Studio only on the local stack
    // (`netlify dev` or a missing context is no proof of being local).
    const origins = studioOrigins(
      settings.SANITY_STUDIO_URL ?? (isLocalStack() ? LOCAL_STUDIO_URL : undefined),
    );
    // The pass secret is read at the first caller with a token; without one no pass is given or taken (one log line).
    let passScope: PassScope | 'none' | undefined;
    const pass = (): PassScope | undefined => {
      if (passScope === undefined) {
        const found = secretOrProblem('EDITOR_PASS_SECRET', settings.EDITOR_PASS_SECRET);
        // A previous value during a rotation: its passes still hold; one anyone may hold (the local value) is never taken.
        const previousPass = (current: string) => {
          const previous = settings.EDITOR_PASS_SECRET_PREVIOUS;
          const problem = previousSecretProblem('EDITOR_PASS_SECRET', current, previous);
          if (problem) run.log(`${problem}: passes signed with it are refused`);
          return previous === undefined || problem ? {} : { previous };
        };
        if ('problem' in found)
          run.log(
            `${found.problem}: editors get no pass, and each is proven by Sanity again every ${VERDICT_TTL_MS / 60_000} minutes, within the budget of new tokens`,
          );
        passScope =
          'problem' in found
            ? 'none'
            : {
                secret: found.secret,
                ...previousPass(found.secret),
                site: settings.SITE_ID,
                context: run.deployContext,
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
        ...(run.deps.verifyToken ? { verify: run.deps.verifyToken } : {}),
        pass,
        log: run.log,
        now: () => run.now().getTime(),
      },
    );
    const load = createViewLoader({ deploys: run.store('deploys'), queue: run.store('queue') });
    setup = {
      origins,
      callerOf: (request, ip) => access.callerOf(request, ip),
      load,
      budgetPerHour: settings.DEPLOY_BUDGET_PER_HOUR,
    };
    return setup;
  }

  /**
   * The shared steps after the kit's: set-up, preflight, method, who the caller is ("checking your
   * access" answers at once); then `answer` with the caller and the CORS headers. An editor given a
   * new pass gets it in the answer (`editorPass`); a caller whose pass proved nothing gets `editorPass: null`.
   */
  function definition(
    name: StatusFunctionName,
    readSettings: (source: Record<string, string | undefined>) => FunctionSettings,
    answer: StatusAnswer,
  ): FunctionDefinition<FunctionSettings, StatusStores, StatusDeps> {
    return {
      name,
      settingsCheck: [name],
      onPreviewSite: { status: 404, hint: 'the public site answers this' },
      readSettings,
      stores: { deploys: DEPLOYS_STORE, queue: PUBLISH_QUEUE_STORE },
      alertStore: 'queue',
      blobsMissing: STATUS_BLOBS_MISSING,
      deps: { verifyToken: undefined },
      async handle(request, run) {
        const state = setUp(run);
        if (request.method === 'OPTIONS') return preflight(request, state.origins);
        const cors = corsHeaders(request.headers.get('origin'), state.origins);
        if (request.method !== 'GET')
          return message(405, 'method not allowed', { ...cors, allow: 'GET, OPTIONS' });
        const caller = await state.callerOf(request, run.context.ip);
        if (caller.kind === 'checking') return checkingAnswer(caller.retryAfterSeconds, cors);
        const { status, body } = await answer(request, caller.kind, state, run);
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
    };
  }

  /** The view, or why it cannot be had: a record kept aside (told to ops once), or a store that failed. */
  async function tryLoad(
    state: Setup,
    question: Parameters<ViewLoader>[0],
    run: StatusRun,
  ): Promise<View | { unreadable: UnreadableRecordError | undefined }> {
    try {
      return await state.load(question);
    } catch (error) {
      run.log(`the deploy records could not be read: ${(error as Error).message}`);
      if (!(error instanceof UnreadableRecordError)) return { unreadable: undefined };
      await run.alert(keptAsideAlert(error));
      return { unreadable: error };
    }
  }

  return {
    publishStatus: definition(
      'publish-status',
      readStatusSettings,
      async (request, caller, state, run) => {
        const parsed = parseStatusIds(new URL(request.url).searchParams.get('ids'));
        if (!parsed.ok) return { status: 400, body: { message: parsed.message } };
        const loaded = await tryLoad(
          state,
          { ids: parsed.questions.map((question) => question.id) },
          run,
        );
        const view = 'unreadable' in loaded ? undefined : loaded;
        // Own properties whatever the id (`__proto__` included): never a lookup or assignment through the prototype.
        const documents: Record<string, DocumentStatus> = Object.fromEntries(
          parsed.questions.map((question) => [
            question.id,
            view ? documentStatus(question, view, caller) : unreadableStatus(),
          ]),
        );
        const body: PublishStatusAnswer = { documents, checkedAt: run.now().toISOString() };
        return { status: 200, body };
      },
    ),

    deploys: definition('deploys', readDeploysSettings, async (request, caller, state, run) => {
      // A visitor learns only the live deploy's time and schools: the production history alone.
      const view = await tryLoad(
        state,
        { others: caller === 'editor', queue: caller === 'editor' },
        run,
      );
      if ('unreadable' in view)
        return {
          status: 503,
          body: {
            // An editor's Deploys tool shows which record and where it was kept; a visitor learns only that.
            message:
              view.unreadable && caller === 'editor'
                ? view.unreadable.message
                : 'the deploy records cannot be read right now; try again in a moment',
          },
        };
      const body: DeploysAnswer = deploysAnswer(
        view,
        caller,
        new URL(request.url).origin,
        run.now(),
        state.budgetPerHour,
      );
      return { status: 200, body };
    }),
  };
}
