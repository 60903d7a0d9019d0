/**
 * What became of a publish, a freshness build or what waited, and the one rule that says it in
 * words: every function that moves the publish queue answers and logs with `outcomeSentence`.
 */
import type { BuildHookBody } from '../publish-records/hook-body.ts';
import type { Batch, Hold, LiveDeploy } from '../publish-records/queue-record.ts';
import { RESTORED_REASON } from './restore-hold.ts';

export type QueueOutcome =
  /** A batch was started: its build hook call succeeded. `recovered`: the batch taken as lost on the way. */
  | { outcome: 'started'; batch: Batch; body: BuildHookBody; title: string; recovered?: string }
  /** The publish waits for the batch in flight. */
  | { outcome: 'waiting'; inFlight: string }
  /** What waits is held until `hold.until` (the build hook did not answer, a build was lost…). */
  | { outcome: 'held'; hold: Hold }
  /** What waits is held by a restore the operator made, until the latest deploy is live again or deploys are unlocked. */
  | { outcome: 'restored'; live: Required<LiveDeploy> }
  /** The same revision is in flight or in a batch that built (a freshness build: one already waits or is in flight): nothing changes. */
  | { outcome: 'duplicate' }
  /** Nothing waits, nothing to start. */
  | { outcome: 'idle' }
  /** `finished`: the deploy was not the in-flight batch's (a build by hand, a git push, an older batch). */
  | { outcome: 'not-current'; inFlight: string };

/**
 * The outcome in one sentence, as the caller is answered (the content service, Netlify, the
 * Deploys view): "build started", "waiting for the running build", "waiting: next build at … (deploy
 * budget)", "waiting: <why>; the site tries again at …", "waiting: an earlier deploy was restored, …",
 * "already building or built", "nothing waits". `detail` adds what the log wants after a colon: the deploy's title, or the batch building.
 */
export function outcomeSentence(outcome: QueueOutcome, detail = false): string {
  switch (outcome.outcome) {
    case 'started': {
      const recovered = outcome.recovered
        ? ` (batch ${outcome.recovered}'s outcome was unknown: its documents are in this one)`
        : '';
      return detail ? `build started: ${outcome.title}${recovered}` : 'build started';
    }
    case 'waiting':
    case 'not-current':
      return `waiting for the running build${detail ? `: batch ${outcome.inFlight} is building` : ''}`;
    case 'held':
      return outcome.hold.cause === 'deploy-budget'
        ? `waiting: next build at ${outcome.hold.until} (deploy budget)`
        : `waiting: ${outcome.hold.reason}; the site tries again at ${outcome.hold.until}`;
    case 'restored':
      return `waiting: ${RESTORED_REASON}${detail ? ` (deploy ${outcome.live.deployId} restored over ${outcome.live.restoredOver})` : ''}`;
    case 'duplicate':
      return 'already building or built';
    case 'idle':
      return 'nothing waits';
  }
}
