import { QUARTER_DAY_HOURS, type Granularity } from '@kindling/domain';
import { instantOf, isoWeekday, normaliseWall, wallTimeAt, type WallTime } from './zoned-time';

// The calendar intervals of a range, in the requested time zone: repo.ts groups the rollup
// hours by these starts, so they are the only definition of the calendar. Hours are UTC hours: rollups are hourly, so a zone with a non-whole-hour offset
// (Asia/Kolkata, +05:30) has each rollup hour assigned by its UTC start to the local day,
// week... that start falls in; and the repeated hour of a DST fall-back stays two hours.

export interface Interval {
  /** Inclusive, ms since the epoch. */
  start: number;
  /** Exclusive: the next interval's start. */
  end: number;
}

const HOUR_MS = 3_600_000;

/** The wall-clock start of the interval holding `wall`. */
export function truncateWall(wall: WallTime, granularity: Exclude<Granularity, 'hour'>): WallTime {
  const { year, month, day, hour } = wall;
  switch (granularity) {
    case 'quarterDay':
      return { year, month, day, hour: hour - (hour % QUARTER_DAY_HOURS) };
    case 'day':
      return { year, month, day, hour: 0 };
    case 'week':
      return normaliseWall({ year, month, day: day - isoWeekday(wall), hour: 0 });
    case 'month':
      return { year, month, day: 1, hour: 0 };
    case 'quarter':
      return { year, month: month - ((month - 1) % 3), day: 1, hour: 0 };
    case 'year':
      return { year, month: 1, day: 1, hour: 0 };
  }
}

function nextWall(wall: WallTime, granularity: Exclude<Granularity, 'hour'>): WallTime {
  const { year, month, day, hour } = wall;
  const steps: Record<typeof granularity, WallTime> = {
    quarterDay: { year, month, day, hour: hour + QUARTER_DAY_HOURS },
    day: { year, month, day: day + 1, hour },
    week: { year, month, day: day + 7, hour },
    month: { year, month: month + 1, day, hour },
    quarter: { year, month: month + 3, day, hour },
    year: { year: year + 1, month, day, hour },
  };
  return normaliseWall(steps[granularity]);
}

/** Every interval that holds a rollup hour of [start, end), first to last. */
export function statsIntervals({
  start,
  end,
  granularity,
  timezone,
  limit = Infinity,
}: {
  start: number;
  end: number;
  granularity: Granularity;
  timezone: string;
  /** Stop (and answer null) past this many intervals. */
  limit?: number;
}): Interval[] | null {
  const intervals: Interval[] = [];
  // The first rollup hour counted: hours count when their start lies in [start, end).
  const firstHour = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const lastHour = Math.ceil(end / HOUR_MS) * HOUR_MS - HOUR_MS;
  if (firstHour > lastHour) return intervals;
  if (granularity === 'hour') {
    for (let at = firstHour; at <= lastHour; at += HOUR_MS) {
      if (intervals.length >= limit) return null;
      intervals.push({ start: at, end: at + HOUR_MS });
    }
    return intervals;
  }
  let wall = truncateWall(wallTimeAt(firstHour, timezone), granularity);
  let at = instantOf(wall, timezone);
  // Up to the interval of the last hour: in a half-hour zone a local interval can start
  // between the last hour's start and the range's end, and would hold no hour of the range.
  while (at <= lastHour) {
    if (intervals.length >= limit) return null;
    wall = nextWall(wall, granularity);
    const next = instantOf(wall, timezone);
    intervals.push({ start: at, end: next });
    at = next;
  }
  return intervals;
}

/** The index of the interval holding `ms` (intervals sorted, contiguous), or -1. */
export function intervalIndex(intervals: readonly Interval[], ms: number): number {
  let low = 0;
  let high = intervals.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const interval = intervals[mid]!;
    if (ms < interval.start) high = mid - 1;
    else if (ms >= interval.end) low = mid + 1;
    else return mid;
  }
  return -1;
}
