import { COLLECT_MAX_APPLY_MS } from './tracker-config';

// "Flicker time": milliseconds from navigation start to a variant's change applied, as exposures
// report it. Rollups keep a histogram of it, so the median per variant is read from them
// instead of from raw events.

/**
 * Upper bounds (ms, inclusive) of the histogram's buckets; one more bucket, up to
 * COLLECT_MAX_APPLY_MS, holds everything above the last. Changing them changes what stored
 * histograms mean: it needs a migration that starts them over.
 */
export const FLICKER_BUCKETS_MS = [
  25, 50, 100, 150, 200, 300, 500, 750, 1000, 1500, 2500, 5000,
] as const;

/** Buckets in a histogram: one per bound, and the overflow. */
export const FLICKER_BUCKET_COUNT = FLICKER_BUCKETS_MS.length + 1;

/** The bucket a time falls in: the first whose upper bound is at least `ms`. */
export function flickerBucketOf(ms: number): number {
  const index = FLICKER_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? FLICKER_BUCKETS_MS.length : index;
}

const lowerBound = (bucket: number) => (bucket === 0 ? 0 : FLICKER_BUCKETS_MS[bucket - 1]!);
const upperBound = (bucket: number) => FLICKER_BUCKETS_MS[bucket] ?? COLLECT_MAX_APPLY_MS;

/**
 * The median of the times a histogram counts (`counts[i]`: times in bucket i), taken as spread
 * evenly inside their bucket; null when it counts nothing. Missing trailing buckets count 0.
 */
export function medianFromHistogram(counts: readonly number[]): number | null {
  if (counts.length > FLICKER_BUCKET_COUNT) {
    throw new RangeError(`A flicker histogram has at most ${FLICKER_BUCKET_COUNT} buckets.`);
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const half = total / 2;
  let below = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const count = counts[bucket]!;
    if (count > 0 && below + count >= half) {
      const lower = lowerBound(bucket);
      return lower + ((upperBound(bucket) - lower) * (half - below)) / count;
    }
    below += count;
  }
  return null; // unreachable: the buckets add up to `total`
}
