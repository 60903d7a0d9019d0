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
import type { BlobStore } from '../functions/blob-store.ts';
import { readJson, updateJson } from '../functions/blob-store.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  liveInputsSchema,
  productionHistorySchema,
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
  freshnessStateSchema,
  publishQueueSchema,
  type FreshnessState,
} from '../publish-records/queue-record.ts';
import {
  createTenantClient,
  httpTransport,
  TenantLookupError,
  type TenantTransport,
} from '../tenants/client.ts';
import { tenantDigest } from '../tenants/digest.ts';
import type { FetchLike } from './build-hook.ts';
import { SettingsError } from '../config/setting-types.ts';
import { answer, checkRequest, guarded, type FunctionContext } from '../functions/function-http.ts';
import { readFreshnessSettings, type FreshnessSettings } from '../functions/function-settings.ts';
import {
  afterReading,
  beforeReading,
  dueNow,
  nextCheckAt,
  type TenantRead,
  type Verdict,
} from './freshness.ts';
import { previewSiteAnswer } from '../functions/preview-site-guard.ts';
import {
  BatchStartError,
  EMPTY_QUEUE,
  queueFromSettings,
  type QueueOutcome,
} from './publish-queue.ts';
import { siteStore } from '../functions/state-store.ts';

/** The product API's answers are awaited this long at most: the check ends well within Netlify's 30 s for a scheduled function. */
export const TENANT_READ_DEADLINE_MS = 20_000;

/** Whatever the scheduler sends (its method and body are not documented): nothing of it is read, only its size bounded. */
export const SCHEDULER_RULES = {
  methods: 'any',
  maxBodyBytes: 4 * 1024,
  contentTypes: 'any',
} as const;

/** On the preview site the schedule fires too: nothing went wrong, so 200. */
export const FRESHNESS_ON_PREVIEW_SITE = {
  name: 'freshness-check',
  status: 200,
  hint: 'the public site checks its own freshness',
};

export const FRESHNESS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so the live deploy cannot be compared with; no build was started';

export interface FreshnessCheckOptions {
  openQueueStore: () => BlobStore;
  openDeploysStore: () => BlobStore;
  readSettings?: () => FreshnessSettings;
  site?: Record<string, string | undefined>;
  log?: (message: string) => void;
  now?: () => Date;
  /** The build hook's fetch (tests, the model, the month bench). */
  fetch?: FetchLike;
  /** How the product API is asked (default: over HTTP, as the build asks it). */
  transport?: (apiBase: string) => TenantTransport;
}

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

/** What became of a build asked for, in the words of the outcome. */
function queueWords(outcome: QueueOutcome): string {
  if (outcome.outcome === 'started') return 'build started';
  if (outcome.outcome === 'held')
    return outcome.hold.cause === 'deploy-budget'
      ? "the build waits for the deploy budget's next slot"
      : `the build waits (${outcome.hold.reason})`;
  if (outcome.outcome === 'waiting') return 'the build waits for the running one';
  return 'a build was already asked for';
}

export function createFreshnessCheckFunction(options: FreshnessCheckOptions) {
  const readSettings = options.readSettings ?? (() => readFreshnessSettings(process.env));
  const log = options.log ?? ((message: string) => console.log(`[freshness-check] ${message}`));
  const now = options.now ?? (() => new Date());
  const transportFor = options.transport ?? ((apiBase: string) => httpTransport(apiBase));

  return (request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded(
      'freshness-check',
      async () => {
        // The guard names the function itself.
        const idle = previewSiteAnswer(
          FRESHNESS_ON_PREVIEW_SITE,
          options.site ?? process.env,
          options.log ?? ((line: string) => console.log(line)),
        );
        if (idle) return idle;
        const checked = await checkRequest(request, SCHEDULER_RULES);
        if (!checked.ok) return checked.response;
        const settings = readSettings();
        const at = now();
        const due = dueNow(at.getTime(), settings.FRESHNESS_CHECK_MINUTES);
        if (due === 'not due')
          return answer(
            200,
            `not due: the next check is at ${new Date(nextCheckAt(at.getTime(), settings.FRESHNESS_CHECK_MINUTES)).toISOString()}`,
          );

        const deployContext = context.deploy?.context || settings.CONTEXT;
        const queueStore = siteStore(
          PUBLISH_QUEUE_STORE,
          deployContext,
          options.openQueueStore,
          FRESHNESS_BLOBS_MISSING,
        );
        const deploysStore = siteStore(
          DEPLOYS_STORE,
          deployContext,
          options.openDeploysStore,
          FRESHNESS_BLOBS_MISSING,
        );
        const [queue, state, history, liveInputs] = await Promise.all([
          readJson(queueStore, PUBLISH_QUEUE_KEY, publishQueueSchema),
          readJson(queueStore, FRESHNESS_KEY, freshnessStateSchema),
          readJson(deploysStore, PRODUCTION_HISTORY_KEY, productionHistorySchema),
          readJson(deploysStore, LIVE_INPUTS_KEY, liveInputsSchema),
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
            transportFor(apiBase(settings, verdict.live)),
          );
          const after = afterReading(facts, verdict.live, read);
          verdict = after.verdict;
          unreadableSince = after.unreadableSince;
        }
        const outcome = await act(verdict, settings);
        const kept = await record(
          {
            checkedAt: at.toISOString(),
            outcome: outcome.text,
            build: verdict.action === 'build',
            ...(unreadableSince ? { unreadableSince } : {}),
          },
          queueStore,
        );
        log(
          `${due === 'by hand' ? '(run by hand) ' : ''}${outcome.text}${outcome.detail ? ` (${outcome.detail})` : ''}${kept ? '' : '; its record could not be written'}`,
        );
        return answer(200, outcome.text);

        /** Asks the publish queue for the build, if the verdict is one. */
        async function act(
          decided: Exclude<Verdict, { action: 'read' }>,
          use: FreshnessSettings,
        ): Promise<{ text: string; detail?: string }> {
          if (decided.action === 'none') return { text: decided.outcome };
          const publishQueue = queueFromSettings(queueStore, use, { now, fetch: options.fetch });
          try {
            const queued = await publishQueue.freshness(decided.reason);
            const detail =
              queued.outcome === 'started'
                ? queued.title
                : queued.outcome === 'held'
                  ? `next try at ${queued.hold.until}`
                  : undefined;
            return {
              text: `${decided.reason}: ${queueWords(queued)}`,
              ...(detail ? { detail } : {}),
            };
          } catch (error) {
            if (!(error instanceof BatchStartError)) throw error;
            return {
              text: `${decided.reason}: the build service did not answer, the site tries again by itself`,
              detail: `next try at ${error.nextAt ?? 'the next publish-retry run'}`,
            };
          }
        }
      },
      options.log ?? ((line: string) => console.error(line)),
    );
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
  return updateJson(store, FRESHNESS_KEY, freshnessStateSchema, () => ({
    next,
    result: true,
  })).catch(() => false);
}
