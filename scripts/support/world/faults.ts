/**
 * The faults the simulated world injects when it is given them (the publish loop's fault model
 * arms them with its commands; the month bench injects none), each fired by the next operation it
 * fits: any Netlify Blobs read or write of any function (an error, a write that landed but whose
 * answer was lost, a conditional write that loses a race, the instance dying just before or just
 * after it), the build hook (an error, a time-out with or without a build started, the instance
 * dying during the call), a deploy notification (lost, delivered twice, delayed: later than others,
 * so out of order), a build (failed outside the content, or its build command failed by the product
 * API being down while it reads it), the product API the freshness check reads (an error, or no
 * answer at all), the scheduler (publish-retry's runs skipped for a while: a clock jump), and a
 * record as a function finds it (record-kind.ts): written by the previous version's code (no
 * `version`: it must be migrated as read), or unreadable for a while (a newer version, as the code
 * of an older deploy finds what the newer one wrote, until the newer code is back: every function
 * that meets it keeps it aside and answers 503). Every fault counts once, when it fires.
 */
import type { BlobStore, WriteOptions } from '../../../src/lib/functions/blob-store.ts';
import { withoutVersion } from '../../../src/lib/functions/record-kind.ts';
import type { Invocation } from './invocations.ts';

export type StoreFault =
  'read-error' | 'write-error' | 'write-lost-answer' | 'race' | 'die-before' | 'die-after';
export type HookFault = 'http-500' | 'timeout' | 'accepted-timeout' | 'die' | 'die-after-accept';
export type NotificationFault =
  { kind: 'lose' } | { kind: 'duplicate'; afterMs: number } | { kind: 'delay'; ms: number };
export type ApiFault = 'error' | 'no-answer';
/** The records a record fault may hit: a key, or a prefix ending in `/` (any live-index shard). */
export const FAULT_RECORDS = [
  'publish-queue',
  'freshness',
  'history/production',
  'history/other',
  'live-inputs',
  'live-index/',
] as const;
export type FaultRecord = (typeof FAULT_RECORDS)[number];
export type RecordFault =
  | { kind: 'previous-version'; record: FaultRecord }
  | { kind: 'unreadable'; record: FaultRecord; ms: number };
/** The version an unreadable record is shown at: newer than any this code reads. */
const NEWER_VERSION = 99;

const hits = (record: FaultRecord, key: string) =>
  record.endsWith('/') ? key.startsWith(record) : key === record;

export class Faults {
  private store: Array<{ fault: StoreFault; skip: number }> = [];
  private hook: HookFault[] = [];
  private notification: NotificationFault[] = [];
  private api: ApiFault[] = [];
  private records: RecordFault[] = [];
  /** Records unreadable until a time (a newer version's, shown to this code), by the fault's record. */
  private unreadable: Array<{ record: FaultRecord; until: number }> = [];
  private builds = 0;
  private outages = 0;
  readonly fired: string[] = [];
  armed = true;
  private clock: () => number;

  constructor(clock: () => number) {
    this.clock = clock;
  }

  armStore(fault: StoreFault, skip: number): void {
    this.store.push({ fault, skip });
  }
  armHook(fault: HookFault): void {
    this.hook.push(fault);
  }
  armNotification(fault: NotificationFault): void {
    this.notification.push(fault);
  }
  armPlatformFailure(): void {
    this.builds += 1;
  }
  armBuildOutage(): void {
    this.outages += 1;
  }
  armApi(fault: ApiFault): void {
    this.api.push(fault);
  }
  armRecord(fault: RecordFault): void {
    this.records.push(fault);
  }
  /** No more faults: those armed and never fired are dropped (and never counted). */
  disarm(): void {
    this.armed = false;
    this.store = [];
    this.hook = [];
    this.notification = [];
    this.api = [];
    this.records = [];
    this.unreadable = [];
    this.builds = 0;
    this.outages = 0;
  }

  count(what: string): void {
    this.fired.push(`${new Date(this.clock()).toISOString().slice(11, 19)} ${what}`);
  }

  private nextStore(): StoreFault | undefined {
    const armed = this.store[0];
    if (!armed) return undefined;
    if (armed.skip > 0) {
      armed.skip -= 1;
      return undefined;
    }
    this.store.shift();
    return armed.fault;
  }

  nextHook(): HookFault | undefined {
    const fault = this.hook.shift();
    if (fault) this.count(`build hook: ${fault}`);
    return fault;
  }

  nextNotification(): NotificationFault | undefined {
    const fault = this.notification.shift();
    if (fault) this.count(`notification: ${fault.kind}`);
    return fault;
  }

  /** The fault of the freshness check's next read of the product API (the whole read: its requests fail, or never answer). */
  nextApi(): ApiFault | undefined {
    const fault = this.api.shift();
    if (fault) this.count(`product API: ${fault}`);
    return fault;
  }

  nextBuildFailsOnPlatform(): boolean {
    if (this.builds === 0) return false;
    this.builds -= 1;
    this.count('build failed outside the content');
    return true;
  }

  /** The next build's command fails because the product API is down while it reads the tenant records. */
  nextBuildMeetsOutage(): boolean {
    if (this.outages === 0) return false;
    this.outages -= 1;
    this.count('build failed: the product API was down');
    return true;
  }

  /**
   * A read of `key` as the record faults make it: the first read of an armed record fires it (the
   * stored record rewritten as the previous version wrote it, or a window opened in which it reads
   * as a newer version); undefined: read as stored.
   */
  private async readRecord(
    store: BlobStore,
    key: string,
    options: { type: 'json' | 'text' },
  ): Promise<{ data: unknown; etag?: string | undefined } | null | undefined> {
    if (key.startsWith('kept-aside/') || key.startsWith('ops-alerts')) return undefined;
    const armed = this.records.findIndex((fault) => hits(fault.record, key));
    if (armed >= 0) {
      const [fault] = this.records.splice(armed, 1);
      const entry = await store.getWithMetadata(key, { type: 'json' });
      if (entry && typeof entry.data === 'object' && entry.data !== null) {
        this.count(
          `record ${key}: ${fault!.kind}${fault!.kind === 'unreadable' ? ` for ${fault!.ms / 60_000} min` : ''}`,
        );
        if (fault!.kind === 'previous-version') {
          const fields = withoutVersion(entry.data as Record<string, unknown>);
          await store.setJSON(key, fields, { onlyIfMatch: entry.etag });
        } else this.unreadable.push({ record: fault!.record, until: this.clock() + fault!.ms });
      } else this.records.splice(armed, 0, fault!); // Not written yet: it waits for a read that finds it.
    }
    this.unreadable = this.unreadable.filter((window) => window.until > this.clock());
    if (!this.unreadable.some((window) => hits(window.record, key))) return undefined;
    const entry = await store.getWithMetadata(key, { type: 'json' });
    if (!entry) return null;
    const newer = { ...(entry.data as Record<string, unknown>), version: NEWER_VERSION };
    return { data: options.type === 'text' ? JSON.stringify(newer) : newer, etag: entry.etag };
  }

  /** `store` as one invocation sees it: each read and write may fire the next armed fault. */
  wrap(store: BlobStore, invocation: Invocation, name: string): BlobStore {
    return {
      getWithMetadata: async (key, options) => {
        await invocation.gate();
        const fault = this.nextStore();
        if (fault) this.count(`${name} read ${key}: ${fault}`);
        if (fault === 'die-before' || fault === 'die-after') return invocation.die();
        if (fault === 'read-error' || fault === 'write-error' || fault === 'write-lost-answer')
          throw new Error('Netlify Blobs answered HTTP 500');
        const asFaulted = await this.readRecord(store, key, options);
        return asFaulted === undefined ? store.getWithMetadata(key, options) : asFaulted;
      },
      setJSON: async (key, value, options?: WriteOptions) => {
        await invocation.gate();
        const fault = this.nextStore();
        if (fault) this.count(`${name} write ${key}: ${fault}`);
        if (fault === 'die-before') return invocation.die();
        if (fault === 'read-error' || fault === 'write-error')
          throw new Error('Netlify Blobs answered HTTP 500');
        if (fault === 'race') {
          // Another instance wrote in between: the entry's etag moved on.
          const current = await store.getWithMetadata(key, { type: 'json' });
          if (current) await store.setJSON(key, current.data);
        }
        const written = await store.setJSON(key, value, options);
        if (fault === 'die-after') return invocation.die();
        if (fault === 'write-lost-answer')
          throw new Error('Netlify Blobs: the connection closed before the answer');
        return written;
      },
      delete: (key) => store.delete(key),
    };
  }
}
