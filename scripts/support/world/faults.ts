/**
 * The faults the simulated world injects when it is given them (the publish loop's fault model
 * arms them with its commands; the month bench injects none), each fired by the next operation it
 * fits: any Netlify Blobs read or write of any function (an error, a write that landed but whose
 * answer was lost, a conditional write that loses a race, the instance dying just before or just
 * after it), the build hook (an error, a time-out with or without a build started, the instance
 * dying during the call), a deploy notification (lost, delivered twice, delayed: later than others,
 * so out of order), a build (failed outside the content, or its build command failed by the product
 * API being down while it reads it), the product API the freshness check reads (an error, or no
 * answer at all), and the scheduler (publish-retry's runs skipped for a while: a clock jump). Every
 * fault counts once, when it fires.
 */
import type { BlobStore, WriteOptions } from '../../../src/lib/functions/blob-store.ts';
import type { Invocation } from './invocations.ts';

export type StoreFault =
  'read-error' | 'write-error' | 'write-lost-answer' | 'race' | 'die-before' | 'die-after';
export type HookFault = 'http-500' | 'timeout' | 'accepted-timeout' | 'die' | 'die-after-accept';
export type NotificationFault =
  { kind: 'lose' } | { kind: 'duplicate'; afterMs: number } | { kind: 'delay'; ms: number };
export type ApiFault = 'error' | 'no-answer';

export class Faults {
  private store: Array<{ fault: StoreFault; skip: number }> = [];
  private hook: HookFault[] = [];
  private notification: NotificationFault[] = [];
  private api: ApiFault[] = [];
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
  /** No more faults: those armed and never fired are dropped (and never counted). */
  disarm(): void {
    this.armed = false;
    this.store = [];
    this.hook = [];
    this.notification = [];
    this.api = [];
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
        return store.getWithMetadata(key, options);
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
