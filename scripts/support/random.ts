/**
 * A small seeded generator (mulberry32) for the simulations (scripts/support/: what tests/ and
 * scripts/bench/ share): the same seed draws the same numbers, in [0, 1), so a run of the fault
 * model or a month of the month bench repeats.
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
