/**
 * One poll per published document, shared by every badge showing it: asks the public site at
 * once, then on pollSchedule's waits until the answer settles. A new published revision starts
 * the schedule over; the last badge to go stops the poll. Fetch and timers are passed in, so
 * tests drive it with fakes.
 */
import { checkingAccess, keepPass, passFor } from './editor-pass.ts';
import {
  askable,
  pollSchedule,
  statusFromAnswer,
  statusHeaders,
  statusKey,
  statusUrl,
  unreachable,
  type BadgeStatus,
} from './status.ts';

export interface WatchedDocument {
  /** The published id. */
  id: string;
  /** The published revision (`_rev`); the answer is about that revision. */
  rev: string;
  /** When that revision was published (`_updatedAt`): shortly after it, an unknown answer is asked again. */
  publishedAt?: string;
}

/** The latest answer for a document, and which revision it is about. */
export interface StatusEntry {
  rev: string;
  status: BadgeStatus;
}

export interface StatusSource {
  get(id: string): StatusEntry | undefined;
  /** Follows a document's published revision until the returned stop is called. */
  watch(document: WatchedDocument, listener: () => void): () => void;
}

export interface StatusSourceOptions {
  /** The public site's origin. */
  origin: string;
  /** The editor's Sanity token, when the Studio's client has one. */
  token?: string;
  fetch?: typeof fetch;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
  /** A request that takes longer counts as unreachable. */
  timeoutMs?: number;
}

interface Poll {
  document: WatchedDocument;
  listeners: Set<() => void>;
  attempt: number;
  lastState?: string;
  timer?: unknown;
  request?: AbortController;
}

export function createStatusSource(options: StatusSourceOptions): StatusSource {
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const schedule = options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
  const cancel =
    options.clearTimeout ??
    ((timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const polls = new Map<string, Poll>();
  const entries = new Map<string, StatusEntry>();

  const current = (poll: Poll) => polls.get(poll.document.id) === poll;

  function halt(poll: Poll) {
    if (poll.timer !== undefined) cancel(poll.timer);
    poll.timer = undefined;
    poll.request?.abort();
    poll.request = undefined;
  }

  async function ask(poll: Poll) {
    poll.timer = undefined;
    const { id, rev } = poll.document;
    if (!askable(id)) {
      // The site refuses such an id (400): say so instead of asking.
      entries.set(id, {
        rev,
        status: {
          state: 'unknown',
          reason: 'The public site cannot be asked about a document with this id.',
        },
      });
      for (const listener of [...poll.listeners]) listener();
      return;
    }
    const request = new AbortController();
    poll.request = request;
    const timeout = schedule(
      () => request.abort(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    let status: BadgeStatus;
    try {
      const response = await fetcher(statusUrl(options.origin, [statusKey(id, rev)]), {
        headers: statusHeaders(options.token, await passFor(options.token, now())),
        credentials: 'omit',
        signal: request.signal,
      });
      const body: unknown = await response.json().catch(() => undefined);
      await keepPass(options.token, body, response.status);
      const checking = checkingAccess(response.status, body);
      status = response.ok
        ? statusFromAnswer(body, id, rev)
        : checking !== undefined
          ? { state: 'checking-access', retryAfterSeconds: checking }
          : {
              state: 'unknown',
              reason: `The public site answered ${response.status}${errorText(body)}.`,
            };
    } catch (error) {
      status = unreachable(
        request.signal.aborted
          ? String((request.signal.reason as Error)?.message ?? 'cancelled')
          : (error as Error).message,
      );
    } finally {
      cancel(timeout);
    }
    // A stopped poll, or one whose revision changed meanwhile, drops a late answer.
    if (!current(poll) || poll.request !== request || poll.document.rev !== rev) return;
    poll.request = undefined;
    entries.set(id, { rev, status });
    const state =
      status.state === 'publishing' ? `${status.state}:${status.deploy ?? ''}` : status.state;
    if (state !== poll.lastState) poll.attempt = 0;
    poll.lastState = state;
    const publishedAt = poll.document.publishedAt
      ? Date.parse(poll.document.publishedAt)
      : Number.NaN;
    const wait = pollSchedule(status, {
      attempt: poll.attempt,
      sincePublishMs: Number.isNaN(publishedAt) ? Infinity : now() - publishedAt,
    });
    poll.attempt += 1;
    if (wait !== null && poll.listeners.size) poll.timer = schedule(() => void ask(poll), wait);
    for (const listener of [...poll.listeners]) listener();
  }

  return {
    get: (id) => entries.get(id),
    watch(document, listener) {
      let poll = polls.get(document.id);
      if (!poll) {
        poll = { document, listeners: new Set(), attempt: 0 };
        polls.set(document.id, poll);
        void ask(poll);
      } else if (poll.document.rev !== document.rev) {
        // A new publish: its own schedule, from the first short wait.
        halt(poll);
        Object.assign(poll, { document, attempt: 0, lastState: undefined });
        void ask(poll);
      }
      const watched = poll;
      watched.listeners.add(listener);
      return () => {
        watched.listeners.delete(listener);
        if (watched.listeners.size || !current(watched)) return;
        halt(watched);
        polls.delete(document.id);
      };
    },
  };
}

/** The site's own words for a refusal: every function answers `{"message": "…"}`. */
function errorText(body: unknown): string {
  const message = body && typeof body === 'object' && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message ? `: ${message.replace(/\.$/, '')}` : '';
}
