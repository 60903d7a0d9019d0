/**
 * freshness-check, scheduled every quarter hour: a build only when the site would change. It runs
 * on the quarter hours that are a multiple of FRESHNESS_CHECK_MINUTES (a run at any other time was
 * started by hand and checks at once), reads the publish queue, its own record, the production
 * history and the live deploy's inputs (4 blobs), and, when the rules need them (freshness.ts),
 * every published school's tenant record from the product API with the build's own client (2
 * requests a school, at most 64 in flight, each retried as the build retries it). A build it asks
 * for goes through the publish queue like a publish: it waits for a running build and for the
 * deploy budget, and one batch carries it with any publishes waiting. Its outcome goes to the log
 * and its record, which the Deploys view shows.
 */
import { readJson, updateJson, type BlobStore } from '../functions/blob-store.ts';
import type { FunctionDefinition, FunctionRun } from '../functions/define-function.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  LIVE_INPUTS_RECORD,
  PRODUCTION_HISTORY_RECORD,
  type LiveInputs,
} from '../publish-records/deploy-history.ts';
import {
  DEPLOYS_STORE,
  FRESHNESS_KEY,
  LIVE_INPUTS_KEY,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
  PUBLISH_QUEUE_STORE,
} from '../publish-records/names.ts';
import {
  FRESHNESS_RECORD,
  PUBLISH_QUEUE_RECORD,
  type FreshnessState,
} from '../publish-records/queue-record.ts';
import {
  createTenantClient,
  httpTransport,
  TenantLookupError,
  type TenantTransport,
} from '../tenants/client.ts';
import { tenantDigest } from '../tenants/digest.ts';
import { SettingsError } from '../config/setting-types.ts';
import { answer, checkRequest } from '../functions/function-http.ts';
import { readFreshnessSettings, type FreshnessSettings } from '../functions/function-settings.ts';
import {
  afterReading,
  beforeReading,
  dueNow,
  nextCheckAt,
  type TenantRead,
  type Verdict,
} from './freshness.ts';
import { BatchStartError, EMPTY_QUEUE, queueFromSettings } from './publish-queue.ts';
import { outcomeSentence } from './queue-outcome.ts';

/** Netlify stops a scheduled function after 30 s (not configurable); a run cut there leaves its batch to publish-retry. */
export const SCHEDULED_FUNCTION_LIMIT_MS = 30_000;

/**
 * The product API's answers are awaited this long at most, so that the worst run (this, then the
 * build hook's own time-out, then the queue's writes) ends within SCHEDULED_FUNCTION_LIMIT_MS.
 */
export const TENANT_READ_DEADLINE_MS = 15_000;

/** Whatever the scheduler sends (its method and body are not documented): nothing of it is read, only its size bounded. */
export const SCHEDULER_RULES = {
  methods: 'any',
  maxBodyBytes: 4 * 1024,
  contentTypes: 'any',
} as const;

export const FRESHNESS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so the live deploy cannot be compared with; no build was started';

/** Each school's tenant record, digested, or why they could not all be read (within `deadlineMs`). */
export async function readTenantDigests(
  keys: readonly string[],
  transport: TenantTransport,
  deadlineMs = TENANT_READ_DEADLINE_MS,
): Promise<TenantRead> {
  const load = createTenantClient(transport, { log: () => {} });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<TenantRead>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ok: false,
          error: `the product API did not answer for every school within ${deadlineMs / 1000} s`,
        }),
      deadlineMs,
    );
  });
  const reading = Promise.all(
    keys.map(async (key) => [key, tenantDigest(await load(key))] as const),
  ).then(
    (entries): TenantRead => ({ ok: true, tenants: Object.fromEntries(entries) }),
    (error: unknown): TenantRead => {
      const cause = (error as { cause?: unknown }).cause;
      const detail = cause instanceof Error ? `: ${cause.message}` : '';
      return {
        ok: false,
        error:
          error instanceof TenantLookupError
            ? `${error.slug}: ${error.message}${detail}`
            : (error as Error).message,
      };
    },
  );
  try {
    return await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The freshness check as Netlify runs it (define-function.ts). */
export const freshnessCheck: FunctionDefinition<
  FreshnessSettings,
  'queue' | 'deploys',
  { transport: (apiBase: string) => TenantTransport }
> = {
  name: 'freshness-check',
  // The schedule fires on the preview site too: nothing went wrong, so 200.
  onPreviewSite: { status: 200, hint: 'the public site checks its own freshness' },
  readSettings: readFreshnessSettings,
  stores: { queue: PUBLISH_QUEUE_STORE, deploys: DEPLOYS_STORE },
  alertStore: 'queue',
  blobsMissing: FRESHNESS_BLOBS_MISSING,
  // The product API, asked over HTTP as the build asks it.
  deps: { transport: (apiBase) => httpTransport(apiBase) },
  handle: checkFreshness,
};

async function checkFreshness(
  request: Request,
  run: FunctionRun<FreshnessSettings, 'queue' | 'deploys', typeof freshnessCheck.deps>,
): Promise<Response> {
  const checked = await checkRequest(request, SCHEDULER_RULES);
  if (!checked.ok) return checked.response;
  const settings = run.settings;
  const at = run.now();
  const due = dueNow(at.getTime(), settings.FRESHNESS_CHECK_MINUTES);
  if (due === 'not due')
    return answer(
      200,
      `not due: the next check is at ${new Date(nextCheckAt(at.getTime(), settings.FRESHNESS_CHECK_MINUTES)).toISOString()}`,
    );

  const queueStore = run.store('queue');
  const deploysStore = run.store('deploys');
  const [queue, state, history, liveInputs] = await Promise.all([
    readJson(queueStore, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD),
    readJson(queueStore, FRESHNESS_KEY, FRESHNESS_RECORD),
    readJson(deploysStore, PRODUCTION_HISTORY_KEY, PRODUCTION_HISTORY_RECORD),
    readJson(deploysStore, LIVE_INPUTS_KEY, LIVE_INPUTS_RECORD),
  ]);

  const facts = {
    now: at,
    queue: queue ?? EMPTY_QUEUE,
    history: history ?? EMPTY_PRODUCTION_HISTORY,
    liveInputs,
    state,
    maxAgeMs: settings.FRESHNESS_MAX_AGE_DAYS * 24 * 60 * 60_000,
  };
  let verdict = beforeReading(facts);
  let unreadableSince = state?.unreadableSince;
  if (verdict.action === 'read') {
    const read = await readTenantDigests(
      Object.keys(verdict.live.tenants),
      run.deps.transport(apiBase(settings, verdict.live)),
    );
    const after = afterReading(facts, verdict.live, read);
    verdict = after.verdict;
    unreadableSince = after.unreadableSince;
  }
  const outcome = await act(verdict);
  const kept = await record(
    {
      checkedAt: at.toISOString(),
      outcome: outcome.text,
      build: verdict.action === 'build',
      ...(unreadableSince ? { unreadableSince } : {}),
    },
    queueStore,
  );
  run.log(
    `${due === 'by hand' ? '(run by hand) ' : ''}${outcome.logged ?? outcome.text}${kept ? '' : '; its record could not be written'}`,
  );
  return answer(200, outcome.text);

  /** Asks the publish queue for the build, if the verdict is one: the answer's words, and the log's. */
  async function act(
    decided: Exclude<Verdict, { action: 'read' }>,
  ): Promise<{ text: string; logged?: string }> {
    if (decided.action === 'none') return { text: decided.outcome };
    const publishQueue = queueFromSettings(queueStore, settings, {
      now: run.now,
      fetch: run.fetch,
      alert: run.alert,
    });
    try {
      const queued = await publishQueue.freshness(decided.reason);
      return {
        text: `${decided.reason}: ${outcomeSentence(queued)}`,
        logged: `${decided.reason}: ${outcomeSentence(queued, true)}`,
      };
    } catch (error) {
      if (!(error instanceof BatchStartError)) throw error;
      const text = `${decided.reason}: the build service did not answer, the site tries again by itself`;
      return {
        text,
        logged: `${text} (next try at ${error.nextAt ?? 'the next publish-retry run'})`,
      };
    }
  }
}

/** The product API to ask: the live deploy read its records from it, so the function needs it too (Functions scope). */
function apiBase(settings: FreshnessSettings, live: LiveInputs): string {
  if (!settings.PUBLIC_API_BASE)
    throw new SettingsError([
      `PUBLIC_API_BASE: not set (the live deploy ${live.deployId} read its tenant records from the product API: set it in the Functions scope too)`,
    ]);
  return settings.PUBLIC_API_BASE;
}

/**
 * The check's own record. One that cannot be written costs what it would have said (the log has it)
 * and, while the product API fails, the time it has failed for: the next check counts from itself.
 */
async function record(next: FreshnessState, store: BlobStore): Promise<boolean> {
  return updateJson(store, FRESHNESS_KEY, FRESHNESS_RECORD, () => ({
    next,
    result: true,
  })).catch(() => false);
}
