/**
 * A notification that comes after its batch was taken as lost (the queue re-queued its documents
 * and built them again): the deploy records and the queue together. No second live for the same
 * revision moves the site back, no third build starts, and the badge says what visitors get.
 */
import { describe, expect, it } from 'vitest';
import { createViewLoader } from '../../../src/lib/deploys/view.ts';
import { documentStatus } from '../../../src/lib/deploys/status.ts';
import { type ProductionHistory } from '../../../src/lib/publish-records/deploy-history.ts';
import { PRODUCTION_HISTORY_KEY } from '../../../src/lib/publish-records/names.ts';
import { buildRecord, deploy, site } from './fixtures.ts';

const START = Date.parse('2026-11-27T10:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();
const building = (id: string, batch: string, minutes: number) =>
  deploy({
    id,
    state: 'building',
    title: `Publish of 1 document (faqs) [batch ${batch}]`,
    created_at: at(minutes),
    updated_at: at(minutes + 0.1),
  });
const ready = (id: string, batch: string, created: number, published: number) =>
  deploy({
    id,
    state: 'ready',
    title: `Publish of 1 document (faqs) [batch ${batch}]`,
    created_at: at(created),
    updated_at: at(published),
    published_at: at(published),
    deploy_time: 60,
  });

type Site = ReturnType<typeof site>;
const live = (s: Site) => (s.deploysStore.value(PRODUCTION_HISTORY_KEY) as ProductionHistory).live;
async function editorStatus(s: Site, rev: string) {
  return documentStatus(
    { id: 'husky-faqs', rev },
    await createViewLoader({ deploys: s.deploysStore, queue: s.queueStore })({
      ids: ['husky-faqs'],
    }),
    'editor',
  );
}

/** A site with a live deploy, then a publish of husky-faqs r2 whose batch b-00000001 Netlify took; its notifications then stop. */
async function publishedThenSilent(): Promise<Site> {
  const s = site();
  s.reports.set('d-0', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
  await s.notify(ready('d-0', 'b-0000000f', -10, -8));
  await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: at(0) });
  await s.notify(building('d-1', 'b-00000001', 0));
  // Its build ran (Netlify has its record), and the "succeeded" notification is late.
  s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
  // 30 minutes of silence: publish-retry takes it as lost, its document waits a unit, then builds again.
  s.advance(31 * 60_000);
  expect(await s.queue.retryWaiting()).toMatchObject({
    outcome: 'held',
    hold: { cause: 'no-word' },
  });
  expect(await editorStatus(s, 'r2')).toMatchObject({
    state: 'publishing',
    waiting: { cause: 'no-word' },
  });
  s.advance(60_000);
  expect(await s.queue.retryWaiting()).toMatchObject({
    outcome: 'started',
    batch: { batch: 'b-00000002' },
  });
  s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
  return s;
}

describe('a late notification after its batch was re-queued', () => {
  it('arriving after the batch built again: the live pointer stays on the newer deploy, the revision is live, no third build', async () => {
    const s = await publishedThenSilent();
    await s.notify(building('d-2', 'b-00000002', 32));
    await s.notify(ready('d-2', 'b-00000002', 32, 35));
    expect(live(s)).toEqual({ deployId: 'd-2', since: at(35) });
    // The first build's "succeeded" at last: published earlier than d-2, so it never takes the site back.
    await s.notify(ready('d-1', 'b-00000001', 0, 20));
    expect(live(s)).toEqual({ deployId: 'd-2', since: at(35) });
    expect(await editorStatus(s, 'r2')).toEqual({ state: 'live', since: at(35), deploy: 'd-2' });
    s.advance(2 * 60 * 60_000);
    expect(await s.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(s.hookCalls.map((body) => body.batch)).toEqual(['b-00000001', 'b-00000002']);
  });

  it('arriving while the second build runs: live from the first deploy at once, then the second; the pointer only moves forward', async () => {
    const s = await publishedThenSilent();
    await s.notify(building('d-2', 'b-00000002', 32));
    await s.notify(ready('d-1', 'b-00000001', 0, 20));
    expect(live(s)).toEqual({ deployId: 'd-1', since: at(20) });
    expect(await editorStatus(s, 'r2')).toEqual({ state: 'live', since: at(20), deploy: 'd-1' });
    await s.notify(ready('d-2', 'b-00000002', 32, 35));
    expect(live(s)).toEqual({ deployId: 'd-2', since: at(35) });
    // The same revision, live since the first deploy that carried it.
    expect(await editorStatus(s, 'r2')).toEqual({ state: 'live', since: at(20), deploy: 'd-2' });
    s.advance(2 * 60 * 60_000);
    expect(await s.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(s.hookCalls).toHaveLength(2);
  });

  it('arriving before the documents started again: they leave waiting, and no second build starts', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: at(0) });
    await s.notify(building('d-1', 'b-00000001', 0));
    s.advance(31 * 60_000);
    expect(await s.queue.retryWaiting()).toMatchObject({ outcome: 'held' });
    await s.notify(ready('d-1', 'b-00000001', 0, 20));
    expect(await editorStatus(s, 'r2')).toEqual({ state: 'live', since: at(20), deploy: 'd-1' });
    s.advance(2 * 60 * 60_000);
    expect(await s.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(s.hookCalls).toHaveLength(1);
  });
});
