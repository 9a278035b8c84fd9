import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLICKER_BUCKET_COUNT,
  FLICKER_BUCKETS_MS,
  flickerBucketOf,
  medianFromHistogram,
} from './flicker';
import { COLLECT_MAX_APPLY_MS } from './tracker-config';

const appliedMs = fc.integer({ min: 0, max: COLLECT_MAX_APPLY_MS });
const histogramOf = (times: readonly number[]) => {
  const counts = new Array<number>(FLICKER_BUCKET_COUNT).fill(0);
  for (const ms of times) counts[flickerBucketOf(ms)]! += 1;
  return counts;
};
const lowerOf = (bucket: number) => (bucket === 0 ? 0 : FLICKER_BUCKETS_MS[bucket - 1]!);
const upperOf = (bucket: number) => FLICKER_BUCKETS_MS[bucket] ?? COLLECT_MAX_APPLY_MS;
const histograms = fc.array(fc.nat({ max: 1000 }), {
  minLength: FLICKER_BUCKET_COUNT,
  maxLength: FLICKER_BUCKET_COUNT,
});

describe('flickerBucketOf', () => {
  it('puts a time in the first bucket whose upper bound it does not pass', () => {
    expect(flickerBucketOf(0)).toBe(0);
    expect(flickerBucketOf(25)).toBe(0);
    expect(flickerBucketOf(26)).toBe(1);
    expect(flickerBucketOf(5000)).toBe(FLICKER_BUCKETS_MS.length - 1);
    expect(flickerBucketOf(5001)).toBe(FLICKER_BUCKETS_MS.length);
    expect(flickerBucketOf(COLLECT_MAX_APPLY_MS)).toBe(FLICKER_BUCKET_COUNT - 1);
  });

  it('keeps every time inside its bucket bounds', () => {
    fc.assert(
      fc.property(appliedMs, (ms) => {
        const bucket = flickerBucketOf(ms);
        expect(ms).toBeLessThanOrEqual(upperOf(bucket));
        if (bucket > 0) expect(ms).toBeGreaterThan(lowerOf(bucket));
      }),
    );
  });
});

describe('medianFromHistogram', () => {
  it('answers null when nothing was counted', () => {
    expect(medianFromHistogram([])).toBeNull();
    expect(medianFromHistogram(new Array<number>(FLICKER_BUCKET_COUNT).fill(0))).toBeNull();
  });

  it('refuses a histogram of more buckets than there are', () => {
    expect(() => medianFromHistogram(new Array<number>(FLICKER_BUCKET_COUNT + 1).fill(1))).toThrow(
      RangeError,
    );
  });

  it('interpolates linearly inside the bucket that holds the middle', () => {
    expect(medianFromHistogram([4])).toBe(12.5); // half of (0, 25]
    expect(medianFromHistogram([0, 2])).toBe(37.5); // half-way through (25, 50]
    expect(medianFromHistogram([1, 3])).toBe(25 + 25 / 3); // one of three past the first bucket
    expect(medianFromHistogram([1, 0, 1])).toBe(25); // the middle is the first bucket's top
    const overflowOnly = [...new Array<number>(FLICKER_BUCKETS_MS.length).fill(0), 2];
    expect(medianFromHistogram(overflowOnly)).toBe((5000 + COLLECT_MAX_APPLY_MS) / 2);
  });

  it('answers a value in the bucket of the middle time it was built from', () => {
    fc.assert(
      fc.property(fc.array(appliedMs, { minLength: 1, maxLength: 200 }), (times) => {
        const sorted = [...times].sort((a, b) => a - b);
        const middle = flickerBucketOf(sorted[Math.ceil(sorted.length / 2) - 1]!);
        const median = medianFromHistogram(histogramOf(times))!;
        expect(median).toBeGreaterThanOrEqual(lowerOf(middle));
        expect(median).toBeLessThanOrEqual(upperOf(middle));
      }),
    );
  });

  it('is the same for a histogram counted k times over', () => {
    fc.assert(
      fc.property(histograms, fc.integer({ min: 2, max: 50 }), (counts, k) => {
        const median = medianFromHistogram(counts);
        const scaled = medianFromHistogram(counts.map((count) => count * k));
        if (median === null) expect(scaled).toBeNull();
        else expect(scaled).toBeCloseTo(median, 6);
      }),
    );
  });

  it('never falls when slower times are added, never rises when faster ones are', () => {
    fc.assert(
      fc.property(histograms, fc.nat({ max: 100 }), (counts, added) => {
        const median = medianFromHistogram(counts) ?? 0;
        const slower = counts.map((c, i) => (i === counts.length - 1 ? c + added : c));
        const faster = counts.map((c, i) => (i === 0 ? c + added : c));
        expect(medianFromHistogram(slower) ?? 0).toBeGreaterThanOrEqual(median);
        if (medianFromHistogram(counts) !== null) {
          expect(medianFromHistogram(faster)!).toBeLessThanOrEqual(median);
        }
      }),
    );
  });
});
