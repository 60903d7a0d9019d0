/**
 * What one status call costs in Netlify Blobs, counted by a proxy in front of Netlify's local Blobs
 * server while the site's own functions answer (scripts/bench/status-cost.ts): the same number of
 * reads with 5 recorded production deploys as with 60, and after a restore that leaves 59 deploys
 * newer than the live one. The bench prints the bytes at 6 and 600 schools (docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { measureStatusCost } from '../../../scripts/bench/status-cost.ts';

describe('the status functions read a constant number of blobs', () => {
  it('with 5 deploys, with 60, and after a restore of the oldest', async () => {
    const few = await measureStatusCost({ schools: 6, deploys: 5 });
    const many = await measureStatusCost({ schools: 6, deploys: 60 });
    const reads = (cost: typeof few) => [
      cost.publishStatus.reads,
      cost.deploysCall.reads,
      cost.afterRestore.publishStatus.reads,
      cost.afterRestore.deploysCall.reads,
    ];
    console.log(
      `Blobs reads per call (publish-status, deploys; after a restore): 5 deploys ${reads(few).join(', ')}; 60 deploys ${reads(many).join(', ')}`,
    );
    expect(reads(many)).toEqual(reads(few));
    // publish-status: the queue, the production history and the one index shard the id falls in;
    // deploys (a visitor): the production history only.
    expect(reads(few)).toEqual([3, 1, 3, 1]);
  }, 240_000);
});
