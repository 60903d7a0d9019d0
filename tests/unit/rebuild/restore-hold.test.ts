/**
 * The restore hold's rules (restore-hold.ts): what the production history says of the live deploy
 * (an older deploy published again over a newer one is a restore, until deploys are unlocked after
 * it), and how a notification's view of it changes the publish queue's record whatever order
 * notifications arrive in: an older view changes nothing, and a restore of the same live deploy
 * only ends. The whole loop (notifications, the queue, the freshness check) is in
 * tests/unit/deploys/notification.test.ts and tests/unit/rebuild/freshness.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type {
  DeployRecord,
  ProductionHistory,
  SiteRecord,
} from '../../../src/lib/publish-records/deploy-history.ts';
import type { LiveDeploy, PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import { EMPTY_QUEUE } from '../../../src/lib/rebuild/queue-state.ts';
import { liveView, restoreHold, withLiveView } from '../../../src/lib/rebuild/restore-hold.ts';

const T = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** A production deploy made at `created`, first published at `published` (null: never). */
function deploy(id: string, created: number, published: number | null): DeployRecord {
  return {
    version: 2,
    id,
    state: 'ready',
    netlifyState: 'ready',
    context: 'production',
    branch: 'main',
    production: true,
    title: null,
    batch: null,
    deployUrl: null,
    trigger: { kind: 'unknown' },
    carried: [],
    createdAt: T(created),
    updatedAt: T(created + 2),
    publishedAt: published === null ? null : T(published),
    firstPublishedAt: published === null ? null : T(published),
    deployTimeSec: 100,
    errorMessage: null,
    report: null,
    brought: null,
  };
}

const history = (
  deploys: DeployRecord[],
  live: { deployId: string; since: number } | null,
  site: SiteRecord | null = null,
): ProductionHistory => ({
  deploys,
  live: live && { deployId: live.deployId, since: T(live.since) },
  site,
});

const A = deploy('d-a', 0, 2);
const B = deploy('d-b', 10, 12);
/** Built while the site was locked: never published. */
const C = deploy('d-c', 20, null);

describe('what the production history says of the live deploy', () => {
  it.each<[string, ProductionHistory, LiveDeploy | undefined]>([
    ['no live deploy recorded', history([A], null), undefined],
    [
      'the newest deploy is live',
      history([B, A], { deployId: 'd-b', since: 12 }),
      {
        deployId: 'd-b',
        since: T(12),
      },
    ],
    [
      'an older deploy published again over a newer one: a restore',
      history([B, A], { deployId: 'd-a', since: 30 }),
      { deployId: 'd-a', since: T(30), restoredOver: 'd-b' },
    ],
    [
      'over the newest of the deploys published before it',
      history([C, B, deploy('d-b2', 15, 17), A], { deployId: 'd-a', since: 30 }),
      { deployId: 'd-a', since: T(30), restoredOver: 'd-b2' },
    ],
    [
      'a newer deploy that was never published (a locked site) is no restore',
      history([C, B], { deployId: 'd-b', since: 12 }),
      { deployId: 'd-b', since: T(12) },
    ],
    [
      'the live deploy unknown to the history (pruned, or a history lost): no restore assumed',
      history([B], { deployId: 'd-gone', since: 30 }),
      { deployId: 'd-gone', since: T(30) },
    ],
    [
      'deploys unlocked after the restore: it holds nothing',
      history(
        [B, A],
        { deployId: 'd-a', since: 30 },
        {
          locked: false,
          lockedDeployId: null,
          updatedAt: T(35),
          unlockedAt: T(35),
        },
      ),
      { deployId: 'd-a', since: T(30) },
    ],
    [
      'locked again after that unlock: still nothing',
      history(
        [B, A],
        { deployId: 'd-a', since: 30 },
        {
          locked: true,
          lockedDeployId: 'd-a',
          updatedAt: T(40),
          unlockedAt: T(35),
        },
      ),
      { deployId: 'd-a', since: T(30) },
    ],
    [
      'an unlock before the restore: the restore holds',
      history(
        [B, A],
        { deployId: 'd-a', since: 30 },
        {
          locked: false,
          lockedDeployId: null,
          updatedAt: T(5),
          unlockedAt: T(5),
        },
      ),
      { deployId: 'd-a', since: T(30), restoredOver: 'd-b' },
    ],
    [
      'locked to the restored deploy, never unlocked: the restore holds',
      history(
        [B, A],
        { deployId: 'd-a', since: 30 },
        {
          locked: true,
          lockedDeployId: 'd-a',
          updatedAt: T(31),
        },
      ),
      { deployId: 'd-a', since: T(30), restoredOver: 'd-b' },
    ],
  ])('%s', (_case, production, view) => {
    expect(liveView(production)).toEqual(view);
  });
});

describe("the queue's record after a view of the live deploy", () => {
  const restoredA = { deployId: 'd-a', since: T(30), restoredOver: 'd-b' };
  const queue = (live?: LiveDeploy): PublishQueue => ({
    ...EMPTY_QUEUE,
    ...(live ? { live } : {}),
  });

  it.each<[string, LiveDeploy | undefined, LiveDeploy | undefined, LiveDeploy | undefined]>([
    ['the first view', undefined, restoredA, restoredA],
    ['no view (no live deploy known): unchanged', restoredA, undefined, restoredA],
    [
      'a newer live pointer (the latest deploy published again): the restore ends',
      restoredA,
      { deployId: 'd-b', since: T(40) },
      { deployId: 'd-b', since: T(40) },
    ],
    [
      'an older live pointer arriving late (the restore, after the way back): changes nothing',
      { deployId: 'd-b', since: T(40) },
      restoredA,
      { deployId: 'd-b', since: T(40) },
    ],
    [
      'the same restore, deploys unlocked since: it ends',
      restoredA,
      { deployId: 'd-a', since: T(30) },
      { deployId: 'd-a', since: T(30) },
    ],
    [
      'the same live deploy seen again as a restore after it ended: it does not start again',
      { deployId: 'd-a', since: T(30) },
      restoredA,
      { deployId: 'd-a', since: T(30) },
    ],
    [
      'a restore of another deploy later: it holds',
      { deployId: 'd-b', since: T(40) },
      { deployId: 'd-a', since: T(50), restoredOver: 'd-b' },
      { deployId: 'd-a', since: T(50), restoredOver: 'd-b' },
    ],
  ])('%s', (_case, before, view, after) => {
    const record = queue(before);
    const next = withLiveView(record, view);
    expect(next.live).toEqual(after);
    // Nothing to write when nothing changed.
    if (JSON.stringify(before) === JSON.stringify(after)) expect(next).toBe(record);
  });

  it('a restore holds only while it names the deploy it was restored over', () => {
    expect(restoreHold(queue(restoredA))).toEqual(restoredA);
    expect(restoreHold(queue({ deployId: 'd-b', since: T(40) }))).toBeUndefined();
    expect(restoreHold(queue())).toBeUndefined();
  });
});
