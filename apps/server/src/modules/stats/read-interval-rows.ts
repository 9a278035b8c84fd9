import { finalRollupHoursBefore, type StatsSegment } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { FinalIntervalCache, FinalIntervalKey } from './final-interval-cache';
import type { Interval } from './intervals';
import { sumRollupsByInterval, type BucketRow, type HourRange } from './repo';

/** More separate ranges than this are read as their span, and the cached rows dropped. */
const MAX_RANGES = 16;

interface IntervalRowsQuery {
  teamId: number;
  campaignId: number;
  /** Hours starting in [start, end) are counted. */
  start: Date;
  end: Date;
  intervals: readonly Interval[];
  goalIds: readonly number[];
  segment?: StatsSegment | undefined;
}

/** Consecutive hour ranges joined, then the closest neighbours until at most `max` remain. */
export function mergeRanges(ranges: readonly HourRange[], max: number): HourRange[] {
  const merged: HourRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && last.end === range.start) last.end = range.end;
    else merged.push({ ...range });
  }
  while (merged.length > max) {
    let closest = 0;
    for (let i = 1; i < merged.length - 1; i++) {
      const gap = merged[i + 1]!.start - merged[i]!.end;
      if (gap < merged[closest + 1]!.start - merged[closest]!.end) closest = i;
    }
    merged.splice(closest, 2, { start: merged[closest]!.start, end: merged[closest + 1]!.end });
  }
  return merged;
}

/**
 * The rollups of each interval's hours in [start, end): intervals of final hours from the
 * cache when there, everything else from the database (and final intervals then cached).
 */
export async function readIntervalRows(
  { db, cache, now }: { db: Db; cache: FinalIntervalCache; now: number },
  query: IntervalRowsQuery,
): Promise<BucketRow[]> {
  const finalBefore = finalRollupHoursBefore(now);
  const rows: BucketRow[] = [];
  const missing = new Map<number, { hours: HourRange; key: FinalIntervalKey | null }>();
  for (const interval of query.intervals) {
    const hours = {
      start: Math.max(interval.start, query.start.getTime()),
      end: Math.min(interval.end, query.end.getTime()),
    };
    const key: FinalIntervalKey | null =
      hours.end <= finalBefore
        ? {
            teamId: query.teamId,
            campaignId: query.campaignId,
            goalIds: query.goalIds,
            segment: query.segment,
            bucket: interval.start,
            ...hours,
          }
        : null;
    const found = key && cache.get(key);
    if (found) rows.push(...found);
    else missing.set(interval.start, { hours, key });
  }
  if (missing.size === 0) return rows;
  const read = await sumRollupsByInterval(db, {
    ...query,
    hours: mergeRanges(
      [...missing.values()].map(({ hours }) => hours),
      MAX_RANGES,
    ),
  });
  const byInterval = new Map<number, BucketRow[]>();
  for (const row of read) {
    // A merged span also holds hours of intervals answered from the cache.
    if (!missing.has(row.bucket)) continue;
    rows.push(row);
    const intervalRows = byInterval.get(row.bucket);
    if (intervalRows) intervalRows.push(row);
    else byInterval.set(row.bucket, [row]);
  }
  for (const [start, { key }] of missing) {
    if (key) cache.set(key, byInterval.get(start) ?? []);
  }
  return rows;
}
