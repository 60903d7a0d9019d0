/**
 * A rollback that holds, pure. An operator's *Publish deploy* on an older production deploy
 * (Netlify's "Deploy restored") is their decision, and nothing the site does by itself may undo it.
 * Netlify's notification of it is that older deploy's object, `ready` with a new `published_at`: it
 * names no event, so the restore is read from the production history the notifications keep. The
 * live deploy is older (by when Netlify was asked for it) than a production deploy published before
 * it. The notification copies that view into the publish queue's record (`live`), and while it
 * stands, the restore hold: no publish, freshness build or publish-retry run starts a build
 * (start-decision.ts), publishes are kept and wait, and what waits says why.
 *
 * It ends when the newest deploy is live again (the operator published it again, or a deploy of
 * their own went live) or when deploys were unlocked after the restore ("Deploy unlocked" after
 * "Deploy locked"); then what waits builds. Notifications arrive in any order, so a view is ordered
 * by the live pointer's own time: one of an older live pointer changes nothing, and for the same
 * live deploy a restore only ends (an unlock), never starts again.
 */
import type { ProductionHistory } from '../publish-records/deploy-history.ts';
import type { LiveDeploy, PublishQueue } from '../publish-records/queue-record.ts';

/** Why what waits does not build while a restore holds: the words an editor reads and a caller is answered with. */
export const RESTORED_REASON =
  'an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked';

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * What the production history says of the live deploy: which, since when, and the newest deploy
 * published before it when it is an older one published again and deploys were not unlocked since.
 * Undefined while no deploy is known to be live.
 */
export function liveView(history: ProductionHistory): LiveDeploy | undefined {
  const live = history.live;
  if (!live) return undefined;
  const view: LiveDeploy = { deployId: live.deployId, since: live.since };
  const created = ms(history.deploys.find((deploy) => deploy.id === live.deployId)?.createdAt);
  // A live deploy of unknown age is compared with nothing: no restore is assumed.
  if (Number.isNaN(created)) return view;
  const newest = history.deploys
    .filter(
      (deploy) =>
        deploy.production &&
        deploy.id !== live.deployId &&
        deploy.firstPublishedAt !== null &&
        ms(deploy.createdAt) > created,
    )
    .sort((a, b) => ms(b.createdAt) - ms(a.createdAt))[0];
  if (!newest) return view;
  const unlockedAt = ms(history.site?.unlockedAt);
  if (unlockedAt >= ms(live.since)) return view;
  return { ...view, restoredOver: newest.id };
}

/**
 * The queue after a notification's view of the live deploy (undefined: it shows none): an older
 * view than the queue's changes nothing; the same live deploy's restore can only end. Answers the
 * same object when nothing changes.
 */
export function withLiveView(queue: PublishQueue, view: LiveDeploy | undefined): PublishQueue {
  const current = queue.live;
  if (!view) return queue;
  if (current) {
    const order = ms(view.since) - ms(current.since);
    if (order < 0) return queue;
    if (order === 0 && current.deployId === view.deployId) {
      const ends = current.restoredOver !== undefined && view.restoredOver === undefined;
      if (!ends) return queue;
    }
  }
  return { ...queue, live: view };
}

/** The restore that holds what waits, if one stands. */
export function restoreHold(queue: PublishQueue): Required<LiveDeploy> | undefined {
  const live = queue.live;
  return live?.restoredOver === undefined ? undefined : (live as Required<LiveDeploy>);
}
