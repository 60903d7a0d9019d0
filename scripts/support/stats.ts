/**
 * The median and the percentiles every test and bench prints (scripts/support/: what tests/ and
 * scripts/bench/ share). One definition each:
 *
 * - `percentile(values, p)` is the nearest rank: of n samples sorted from the smallest, the p-th
 *   percentile is the ⌈p/100 · n⌉-th (1-based; the smallest for p = 0). It is always one of the
 *   samples, never a value between two: p95 of 20 samples is the 19th, of 100 the 95th, of 10 the
 *   10th (the largest).
 * - `median(values)` is the middle sample, or the mean of the two middle ones when n is even (the
 *   usual median): for odd n it is `percentile(values, 50)`, for even n that percentile is the
 *   lower of the two middle ones.
 *
 * Neither changes its argument. No samples: NaN (a figure of nothing, never a zero that reads
 * like a measurement).
 */

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** The nearest-rank p-th percentile (0 ≤ p ≤ 100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`a percentile is between 0 and 100, not ${p}`);
  if (values.length === 0) return NaN;
  const sorted = ascending(values);
  // p · n / 100, not p / 100 · n: the latter is 7.000000000000001 for p = 7, n = 100.
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1]!;
}

/** The median of `values`: the middle one, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = ascending(values);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
