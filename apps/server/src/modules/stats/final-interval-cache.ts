import type { StatsSegment } from '@kindling/domain';
import { LRUCache } from 'lru-cache';
import type { BucketRow } from './repo';
import { segmentKey } from './segment-filter';

// Sums of final rollup hours (finalRollupHoursBefore) never change, so an interval made only of
// them is read from the database once per process. A campaign page asks for the same days
// again and again (granularity, mode and comparison switches, presets following the clock);
// only the partial first interval and the last day's open hours are read each time. Several
// processes each keep their own copy and agree, as the sums they hold are final.

/** The rows of one interval's hours, keyed by what they were read for. */
export interface FinalIntervalCache {
  get(key: FinalIntervalKey): readonly BucketRow[] | undefined;
  set(key: FinalIntervalKey, rows: readonly BucketRow[]): void;
}

export interface FinalIntervalKey {
  teamId: number;
  campaignId: number;
  goalIds: readonly number[];
  /** The segment the rows were read for; absent: every visitor. */
  segment?: StatsSegment | undefined;
  /**
   * The interval the rows are labelled with (its start, the rows' `bucket`). Not implied by
   * the hours: a day clipped to its last hour reads the same hours as that hour does.
   */
  bucket: number;
  /** The hours read: [start, end) in ms, all final. */
  start: number;
  end: number;
}

const keyOf = ({ teamId, campaignId, goalIds, segment, bucket, start, end }: FinalIntervalKey) =>
  `${teamId}:${campaignId}:${[...goalIds].sort((a, b) => a - b).join(',')}:${segmentKey(segment)}:${bucket}:${start}:${end}`;

/** At most `maxRows` rows (each about 200 bytes); 0 keeps nothing. */
export function createFinalIntervalCache({ maxRows }: { maxRows: number }): FinalIntervalCache {
  if (maxRows === 0) return { get: () => undefined, set: () => {} };
  const cache = new LRUCache<string, readonly BucketRow[]>({
    maxSize: maxRows,
    // An empty interval still takes an entry.
    sizeCalculation: (rows) => rows.length + 1,
  });
  return {
    get: (key) => cache.get(keyOf(key)),
    set: (key, rows) => {
      cache.set(keyOf(key), rows);
    },
  };
}
