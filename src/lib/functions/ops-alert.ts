/**
 * The one outgoing alert to ops (OPS_ALERT_WEBHOOK_URL): a POST signed as Standard Webhooks sign
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` and an HMAC-SHA256 of
 * `id.timestamp.body` with the key of OPS_ALERT_WEBHOOK_SECRET; during a rotation one signature per
 * key, space-separated, so the receiver may hold either). Four causes send one
 * (docs/operations.md, "Alerts to ops"): a failed production build, a build the build hook refused,
 * a record kept aside, a freshness check that has not run for twice its interval.
 *
 * An alert never decides a function's answer: `sendAlert` never throws and gives up after
 * ALERT_TIMEOUT_MS. Each occurrence of a cause is sent at most once: before sending, the cause is
 * noted, by a conditional write, in one bounded record of the alerts sent (`ops-alerts-sent` in the
 * publish queue's store: alert-marks.ts); a cause noted there already (or marked before that record
 * existed) is not sent again, nor is one that cannot be noted (at most once, never twice). The
 * receiver can also dedupe by `webhook-id`, the same for the same cause.
 */
import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { updateJson, type BlobStore, type UnreadableRecordError } from './blob-store.ts';
import { ALERTS_SENT_KEY, ALERTS_SENT_RECORD, legacyMarkKey, markAlert } from './alert-marks.ts';

/** How long an alert may take in all (noting it, and its POST): well within any function's time. */
export const ALERT_TIMEOUT_MS = 3_000;

export type AlertType =
  'build-failed' | 'builds-refused' | 'record-kept-aside' | 'freshness-check-stopped';

export interface OpsAlert {
  type: AlertType;
  /** What makes two alerts the same: one is sent per cause, ever (a deploy id, a kept-aside key…). */
  cause: string;
  /** One sentence: what happened and what to do first. */
  summary: string;
  details?: Record<string, string | number | boolean | null>;
}

/** A record kept aside (blob-store.ts): one alert per kept-aside copy. */
export function keptAsideAlert(error: UnreadableRecordError): OpsAlert {
  return {
    type: 'record-kept-aside',
    cause: error.keptAs ?? `${error.key}/${error.reason}`,
    summary: `${error.record} cannot be read by the live deploy's code; every function that needs it answers 503 until it is readable again (docs/operations.md, "A record kept aside")`,
    details: {
      key: error.key,
      reason: error.reason,
      keptAs: error.keptAs ?? null,
      message: error.message,
    },
  };
}

export interface AlertSettings {
  OPS_ALERT_WEBHOOK_URL?: string | undefined;
  OPS_ALERT_WEBHOOK_SECRET?: string | undefined;
  OPS_ALERT_WEBHOOK_SECRET_PREVIOUS?: string | undefined;
}

export type AlertResult = 'not-set-up' | 'refused-address' | 'already-sent' | 'sent' | 'failed';

/** The hosts an alert may reach over plain http: this machine (the local stack's receiver). */
export const LOOPBACK_ALERT_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why no alert is sent to `address` (OPS_ALERT_WEBHOOK_URL), or undefined when one may be: https,
 * or plain http to this machine only. The one rule for both sides: sendAlert keeps it, and
 * setup:check and the functions' settings check say it (ops-settings-problems.ts).
 */
export function alertAddressProblem(address: string): string | undefined {
  const url = URL.parse(address);
  if (!url) return 'not a URL';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_ALERT_HOSTS.includes(url.hostname)) return undefined;
  return `must be https (an alert names the site and what failed); plain http only to this machine (${LOOPBACK_ALERT_HOSTS.join(', ')}), as the local stack's receiver`;
}

/** The alert's id: the same for the same cause (`msg_` and a digest), as Standard Webhooks ids go. */
export function alertId(alert: Pick<OpsAlert, 'type' | 'cause'>): string {
  return `msg_${digest(`${alert.type}\n${alert.cause}`)}`;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The request an alert is: its JSON body and its headers, signed with each key (`whsec_…`). */
export function signedAlert(
  alert: OpsAlert,
  keys: readonly string[],
  at: Date,
  site: string | undefined,
): { body: string; headers: Record<string, string> } {
  const id = alertId(alert);
  const body = JSON.stringify({
    type: `ops.${alert.type}`,
    timestamp: at.toISOString(),
    data: { site: site ?? null, cause: alert.cause, summary: alert.summary, ...alert.details },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': keys.map((key) => new Webhook(key).sign(id, at, body)).join(' '),
    },
  };
}

export interface SendOptions {
  settings: AlertSettings;
  /** The store the record of alerts sent is kept in (the publish queue's). */
  store: BlobStore;
  fetch?: ((input: URL, init: RequestInit) => Promise<Response>) | undefined;
  now?: () => Date;
  log: (message: string) => void;
  /** The site's address (Netlify's URL), for the receiver to tell sites apart. */
  site?: string | undefined;
  timeoutMs?: number;
}

/**
 * Notes `alert`'s cause in the record of alerts sent; answers whether it is to be sent now (false:
 * sent before). A cause the record lacks is looked for once among the marks of before the record.
 */
async function noteAlert(alert: OpsAlert, store: BlobStore, at: Date): Promise<boolean> {
  const note = (marked?: boolean) =>
    updateJson(store, ALERTS_SENT_KEY, ALERTS_SENT_RECORD, (current) => {
      const step = markAlert(current, alert, at, marked ?? false);
      // First only whether it is known: a new cause is not noted before its old mark is looked for.
      if (marked === undefined && step.send) return { result: 'new' as const };
      const result = step.send ? ('send' as const) : ('sent' as const);
      return step.next ? { next: step.next, result } : { result };
    });
  if ((await note()) === 'sent') return false;
  const marked = (await store.getWithMetadata(legacyMarkKey(alert), { type: 'json' })) !== null;
  return (await note(marked)) === 'send';
}

/** Sends `alert` once per occurrence of its cause; never throws, never takes longer than the time-out; logs what it did. */
export async function sendAlert(alert: OpsAlert, options: SendOptions): Promise<AlertResult> {
  const url = options.settings.OPS_ALERT_WEBHOOK_URL;
  const key = options.settings.OPS_ALERT_WEBHOOK_SECRET;
  if (!url || !key) return 'not-set-up';
  const refused = alertAddressProblem(url);
  if (refused) {
    // Not noted as sent: once the address is mended (and deployed), a cause still going on is told.
    options.log(
      `ops alert ${alert.type} (${alert.cause}): not sent: OPS_ALERT_WEBHOOK_URL ${refused}`,
    );
    return 'refused-address';
  }
  const timeoutMs = options.timeoutMs ?? ALERT_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<AlertResult>((resolve) => {
    timer = setTimeout(() => {
      options.log(
        `ops alert ${alert.type} (${alert.cause}): not sent within ${timeoutMs / 1000} s`,
      );
      resolve('failed');
    }, timeoutMs);
  });
  const sending = (async (): Promise<AlertResult> => {
    const at = (options.now ?? (() => new Date()))();
    const noted = await noteAlert(alert, options.store, at).catch(
      (error: unknown) => error as Error,
    );
    if (noted instanceof Error) {
      options.log(
        `ops alert ${alert.type} (${alert.cause}): not sent, it could not be noted as sent: ${noted.message}`,
      );
      return 'failed';
    }
    if (!noted) return 'already-sent';
    const previous = options.settings.OPS_ALERT_WEBHOOK_SECRET_PREVIOUS;
    const request = signedAlert(alert, previous ? [key, previous] : [key], at, options.site);
    try {
      const response = await (options.fetch ?? fetch)(new URL(url), {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      // The address may hold a token: it is never logged.
      options.log(
        `ops alert ${alert.type} (${alert.cause}): ${response.ok ? 'sent' : `the receiver answered HTTP ${response.status}; not sent again`}`,
      );
      return response.ok ? 'sent' : 'failed';
    } catch (error) {
      options.log(
        `ops alert ${alert.type} (${alert.cause}): the receiver could not be reached (${(error as Error).name}); not sent again`,
      );
      return 'failed';
    }
  })().catch((error: unknown) => {
    options.log(`ops alert ${alert.type}: ${(error as Error).message}`);
    return 'failed' as const;
  });
  try {
    return await Promise.race([sending, late]);
  } finally {
    clearTimeout(timer);
  }
}
