/**
 * The one median and percentile of the tests and benches (scripts/support/stats.ts): nearest-rank
 * percentiles, always a sample; the median the mean of the two middle samples when there are an
 * even number.
 */
import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../../scripts/support/stats.ts';

/** 1, 2, …, n, shuffled: the k-th smallest is k. */
const oneTo = (n: number) =>
  Array.from({ length: n }, (_, index) => index + 1).sort(
    (a, b) => ((a * 7919) % n) - ((b * 7919) % n),
  );

describe('percentile: nearest rank', () => {
  it('takes the ⌈p/100 · n⌉-th smallest sample', () => {
    expect(percentile(oneTo(20), 95)).toBe(19);
    expect(percentile(oneTo(20), 50)).toBe(10);
    expect(percentile(oneTo(100), 95)).toBe(95);
    expect(percentile(oneTo(100), 99)).toBe(99);
    expect(percentile(oneTo(10), 95)).toBe(10);
    expect(percentile(oneTo(3), 50)).toBe(2);
  });

  it('counts ranks exactly where p / 100 · n would round up past an integer', () => {
    expect(percentile(oneTo(100), 7)).toBe(7);
    expect(percentile(oneTo(1000), 7)).toBe(70);
  });

  it('answers the smallest for p = 0 and the largest for p = 100', () => {
    expect(percentile([5, 3, 9], 0)).toBe(3);
    expect(percentile([5, 3, 9], 100)).toBe(9);
  });

  it('is always one of the samples', () => {
    const values = [0.5, 12.25, 3, 8.75, 1];
    for (let p = 0; p <= 100; p += 1) expect(values).toContain(percentile(values, p));
  });

  it('answers NaN for no samples, and refuses a p outside 0 to 100', () => {
    expect(percentile([], 95)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], NaN)).toThrow(RangeError);
  });

  it('leaves its argument as it was', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('median', () => {
  it('is the middle sample of an odd number', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median(oneTo(21))).toBe(11);
    expect(median(oneTo(21))).toBe(percentile(oneTo(21), 50));
  });

  it('is the mean of the two middle samples of an even number', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median(oneTo(10))).toBe(5.5);
    expect(percentile(oneTo(10), 50)).toBe(5);
  });

  it('answers NaN for no samples and leaves its argument as it was', () => {
    expect(median([])).toBeNaN();
    const values = [2, 1];
    median(values);
    expect(values).toEqual([2, 1]);
  });
});
