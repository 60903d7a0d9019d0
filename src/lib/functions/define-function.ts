/**
 * One Netlify function, declared once: `defineFunction(definition)` does what every function does
 * before its own work, in this order.
 *
 * 1. The operator's settings check (`X-Settings-Check`, settings-check.ts), for the functions the
 *    definition answers it for, before anything else.
 * 2. Inside the error guard (function-http.ts `guarded`: anything thrown is a 500 that names a
 *    setting or a set-up problem, never more): "not on the preview site" (preview-site-guard.ts),
 *    before a setting, a store or the request is read.
 * 3. The function's own work (`handle`), given its settings (function-settings.ts) and its Netlify
 *    Blobs stores (state-store.ts `siteStore`, in the deploy context the invocation serves), each
 *    read when the work first asks for it, so a bad setting or a missing Blobs answers a 500 that
 *    says what to fix instead of crashing.
 *
 * A record the work cannot read (kept aside: blob-store.ts) is told to ops once (ops-alert.ts)
 * before the guard answers 503; the work sends its own alerts with `run.alert`.
 *
 * An entry under src/functions/ is `export default defineFunction(definition)` and its Netlify
 * `config`; tests, the fault model and the month bench make the same function with fakes
 * (`defineFunction(definition, fakes)`). Its log lines read `[name] message` wherever they go.
 */
import { getStore } from '@netlify/blobs';
import type { FunctionName } from '../config/settings/index.ts';
import { asBlobStore, UnreadableRecordError, type BlobStore } from './blob-store.ts';
import { guarded, type FunctionContext } from './function-http.ts';
import { keptAsideAlert, sendAlert, type AlertSettings, type OpsAlert } from './ops-alert.ts';
import { previewSiteAnswer } from './preview-site-guard.ts';
import { settingsCheckAnswer } from './settings-check.ts';
import { siteStore } from './state-store.ts';

type Source = Record<string, string | undefined>;

/** How a function calls out (the build hook): fetch's shape, so a test or the model can answer instead. */
export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>;

/** What every function's settings carry: the deploy context, where the invocation does not name it; the ops webhook's, if it reads them. */
interface ContextSetting extends AlertSettings {
  CONTEXT?: string | undefined;
}

/** One invocation, as the function's own work sees it. */
export interface FunctionRun<S, N extends string, D> {
  /** The function's settings, read at their first use (a bad one throws a SettingsError: a 500 naming it). */
  readonly settings: S;
  /** The deploy context the invocation serves: Netlify's word for it, else CONTEXT. */
  readonly deployContext: string | undefined;
  /** The store the definition names `key`, opened at its first use (state-store.ts `siteStore`). */
  readonly store: (key: N) => BlobStore;
  readonly context: FunctionContext;
  /** A line of the function's log: `[name] message`. */
  readonly log: (message: string) => void;
  readonly now: () => Date;
  /** The fetch its calls out take; undefined: the platform's. */
  readonly fetch: FetchLike | undefined;
  /** What else the function calls (the product API, a deploy's own store...): the definition's, or a fake's. */
  readonly deps: D;
  /** Tells ops (ops-alert.ts): once per cause, never throws, bounded in time; nothing when the ops webhook is not set up. */
  readonly alert: (alert: OpsAlert) => Promise<void>;
}

export interface FunctionDefinition<S extends ContextSetting, N extends string, D> {
  name: FunctionName;
  /**
   * The functions whose settings check it answers (its own first): the scheduled functions cannot
   * be called by URL on Netlify, so rebuild-on-publish answers for them too. Unset: it answers none.
   */
  settingsCheck?: readonly [FunctionName, ...FunctionName[]];
  /** Its answer on the editors' preview site, after "not on the preview site: " (preview-site-guard.ts). */
  onPreviewSite: { status: number; hint: string };
  /** Its own settings (function-settings.ts). */
  readSettings: (source: Source) => S;
  /** Its Netlify Blobs stores, by the key its work uses, and what a deployed site without Blobs is told. */
  stores: Record<N, string>;
  /** The store the marks of alerts sent are kept in (the publish queue's); unset: the function sends none. */
  alertStore?: N;
  blobsMissing?: string;
  deps: D;
  handle: (request: Request, run: FunctionRun<S, N, D>) => Promise<Response>;
}

/** What tests, the fault model and the month bench put in the platform's place. */
export interface FunctionFakes<S, N extends string, D> {
  readSettings?: () => S;
  /** Each store's opener (one that throws: Netlify Blobs is not there). */
  openStores?: Partial<Record<N, () => BlobStore>>;
  /** The environment SITE_MODE and the settings check are read from (process.env). */
  site?: Source;
  /** Where every log line goes (default: the console, errors to its error stream). */
  log?: (line: string) => void;
  now?: () => Date;
  fetch?: FetchLike;
  deps?: Partial<D>;
}

export type FunctionHandler = (request: Request, context?: FunctionContext) => Promise<Response>;

/** Netlify Blobs' store of that name, strongly consistent (throws where Blobs is not set up). */
function netlifyStore(name: string): BlobStore {
  return asBlobStore(getStore({ name, consistency: 'strong' }));
}

export function defineFunction<S extends ContextSetting, N extends string, D>(
  definition: FunctionDefinition<S, N, D>,
  fakes: FunctionFakes<S, N, D> = {},
): FunctionHandler {
  const { name } = definition;
  const site = () => fakes.site ?? process.env;
  const line = fakes.log ?? ((text: string) => console.log(text));
  const errorLine = fakes.log ?? ((text: string) => console.error(text));
  const readSettings = fakes.readSettings ?? (() => definition.readSettings(process.env));
  const now = fakes.now ?? (() => new Date());
  const deps = { ...definition.deps, ...fakes.deps } as D;

  function invocation(context: FunctionContext): FunctionRun<S, N, D> {
    let settings: S | undefined;
    const opened = new Map<N, BlobStore>();
    const run: FunctionRun<S, N, D> = {
      get settings() {
        return (settings ??= readSettings());
      },
      get deployContext() {
        return context.deploy?.context || run.settings.CONTEXT;
      },
      store: (key) => {
        let store = opened.get(key);
        if (!store) {
          const storeName = definition.stores[key];
          store = siteStore(
            storeName,
            run.deployContext,
            fakes.openStores?.[key] ?? (() => netlifyStore(storeName)),
            definition.blobsMissing,
          );
          opened.set(key, store);
        }
        return store;
      },
      context,
      log: (message) => line(`[${name}] ${message}`),
      now,
      fetch: fakes.fetch,
      deps,
      alert: async (alert) => {
        if (definition.alertStore === undefined) return;
        let settings: S;
        try {
          settings = run.settings;
        } catch {
          return; // A bad setting is the guard's to answer.
        }
        if (!settings.OPS_ALERT_WEBHOOK_URL) return;
        await sendAlert(alert, {
          settings,
          store: run.store(definition.alertStore),
          fetch: fakes.fetch,
          now,
          log: run.log,
          site: site()['URL'],
        }).catch(() => undefined);
      },
    };
    return run;
  }

  /** The work; a record it cannot read is told to ops (once per kept-aside copy) before the guard answers. */
  async function work(request: Request, run: FunctionRun<S, N, D>): Promise<Response> {
    try {
      return await definition.handle(request, run);
    } catch (error) {
      if (error instanceof UnreadableRecordError) await run.alert(keptAsideAlert(error));
      throw error;
    }
  }

  return async (request, context = {}) =>
    (definition.settingsCheck &&
      settingsCheckAnswer(definition.settingsCheck, request, { source: site, log: line })) ||
    guarded(
      name,
      async () =>
        previewSiteAnswer({ name, ...definition.onPreviewSite }, site(), line) ??
        work(request, invocation(context)),
      errorLine,
    );
}
