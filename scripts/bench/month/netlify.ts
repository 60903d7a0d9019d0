/**
 * Netlify's part of a month, on a fake clock: a build hook that takes every call, builds one at a
 * time in the order called (each build reads the content and the product API's tenant records as
 * they are when it starts, and takes the measured build time), puts its record into the deploy's
 * own store of the local Blobs (as Netlify's build uploads it), publishes it, and posts the signed
 * deploy notifications ("building", then "ready") a second later. Every deploy succeeds.
 */
import { getDeployStore } from '@netlify/blobs';
import { netlifySignature } from '../../local-stack/netlify/deploy-notifications.ts';
import {
  type BuildInputs,
  type BuildRecord,
} from '../../../src/lib/publish-records/build-record.ts';
import {
  buildHookBodySchema,
  type BuildHookBody,
} from '../../../src/lib/publish-records/hook-body.ts';
import { BUILD_RECORD_BLOB } from '../../../src/lib/publish-records/names.ts';

/** Events in time order; those due at one moment run at once (their Blobs writes race as concurrent instances' would). */
export class FakeClock {
  now: number;
  private events: Array<{ at: number; order: number; run: () => void | Promise<void> }> = [];
  private order = 0;

  constructor(start: number) {
    this.now = start;
  }

  schedule(at: number, run: () => void | Promise<void>): void {
    const event = { at: Math.max(at, this.now), order: (this.order += 1), run };
    // Kept sorted: insert after every event due no later.
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.events[middle]!.at <= event.at) low = middle + 1;
      else high = middle;
    }
    this.events.splice(low, 0, event);
  }

  async runUntil(end: number): Promise<void> {
    while (this.events.length > 0 && this.events[0]!.at <= end) {
      const at = this.events[0]!.at;
      this.now = at;
      let count = 0;
      while (count < this.events.length && this.events[count]!.at === at) count += 1;
      const due = this.events.splice(0, count);
      await Promise.all(due.map((event) => Promise.resolve(event.run())));
    }
    this.now = Math.max(this.now, end);
  }
}

export interface MonthDeploy {
  id: string;
  body: BuildHookBody | undefined;
  createdAt: number;
  /** When its build read the content and the tenant records. */
  readAt?: number;
  publishedAt?: number;
}

export interface FakeNetlifyOptions {
  clock: FakeClock;
  buildMs: number;
  siteId: string;
  secret: string;
  /** Delivers a signed notification to the site's deploy-notification function. */
  deliver: (body: string, signature: string) => Promise<void>;
  /** What a build reads now: each document's revision, and the tenant records digested. */
  read: () => { documents: Record<string, string>; inputs: BuildInputs };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createFakeNetlify(options: FakeNetlifyOptions) {
  const { clock } = options;
  const deploys: MonthDeploy[] = [];
  const waiting: MonthDeploy[] = [];
  let building = false;

  function notify(deploy: MonthDeploy, state: 'building' | 'ready'): void {
    const body = JSON.stringify({
      id: deploy.id,
      site_id: options.siteId,
      build_id: deploy.id,
      state,
      context: 'production',
      branch: 'main',
      title: titles.get(deploy.id) ?? null,
      created_at: iso(deploy.createdAt),
      updated_at: iso(clock.now),
      published_at: state === 'ready' ? iso(clock.now) : null,
      deploy_time: state === 'ready' ? Math.round(options.buildMs / 1000) : null,
      error_message: null,
      locked: null,
    });
    clock.schedule(clock.now + 1_000, () =>
      options.deliver(body, netlifySignature(body, options.secret)),
    );
  }

  const titles = new Map<string, string | null>();

  function startNext(): void {
    if (building || waiting.length === 0) return;
    building = true;
    const deploy = waiting.shift()!;
    clock.schedule(clock.now + 5_000, () => {
      deploy.readAt = clock.now;
      const read = options.read();
      notify(deploy, 'building');
      clock.schedule(clock.now + options.buildMs, async () => {
        const record: BuildRecord = {
          version: 1,
          contentReadAt: iso(deploy.readAt!),
          trigger: deploy.body ?? { kind: 'unknown' },
          documents: Object.fromEntries(
            Object.entries(read.documents).map(([id, rev]) => [
              id,
              { rev, type: id.split('-')[1] ?? 'faqs', school: id.split('-')[0] ?? null },
            ]),
          ),
          schools: [],
          leftOut: [],
          problems: [],
          inputs: read.inputs,
        };
        await getDeployStore({ deployID: deploy.id, consistency: 'strong' }).setJSON(
          BUILD_RECORD_BLOB,
          record,
        );
        deploy.publishedAt = clock.now;
        building = false;
        notify(deploy, 'ready');
        startNext();
      });
    });
  }

  return {
    deploys,
    /** The build hook (its `fetch`): Netlify takes the call and answers at once. */
    hook: (url: URL, init: RequestInit): Promise<Response> => {
      // The site's build hook call (build-hook.ts) sends its body as JSON text.
      const parsed = buildHookBodySchema.safeParse(JSON.parse(init.body as string));
      const deploy: MonthDeploy = {
        id: (deploys.length + 1).toString(16).padStart(24, '0'),
        body: parsed.success ? parsed.data : undefined,
        createdAt: clock.now,
      };
      titles.set(deploy.id, url.searchParams.get('trigger_title'));
      deploys.push(deploy);
      waiting.push(deploy);
      startNext();
      return Promise.resolve(new Response(null, { status: 200 }));
    },
  };
}
