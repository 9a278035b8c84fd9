import { TZDate } from '@date-fns/tz';
import { addDays, addHours, format, startOfDay, startOfHour, subDays } from 'date-fns';
import type { Granularity } from '@kindling/domain';

export const RANGE_PRESETS = [
  { value: 'last24Hours', label: 'Last 24 hours' },
  { value: 'last7Days', label: 'Last 7 days' },
  { value: 'last30Days', label: 'Last 30 days' },
  { value: 'last90Days', label: 'Last 90 days' },
  { value: 'sinceStart', label: 'Since the campaign started' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export interface StatsRange {
  start: Date;
  end: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The server refuses ranges over two years. */
const MAX_RANGE_MS = 731 * DAY_MS;
/** The server refuses more intervals than this; charts could not show them anyway. */
const MAX_INTERVALS = 2000;

/**
 * The range a preset stands for at `now`, in the user's zone. Ranges end at the start of the
 * next hour, so the current hour counts and the range stays the same for the rest of the hour
 * (one cached answer instead of one per render).
 */
export function presetRange(
  preset: RangePreset,
  { now, timezone, campaignCreatedAt }: { now: Date; timezone: string; campaignCreatedAt: string },
): StatsRange {
  const zonedNow = new TZDate(now.getTime(), timezone);
  const end = addHours(startOfHour(zonedNow), 1);
  const today = startOfDay(zonedNow);
  const daysBack = (days: number) => subDays(today, days - 1);
  const start = {
    last24Hours: () => addHours(end, -24),
    last7Days: () => daysBack(7),
    last30Days: () => daysBack(30),
    last90Days: () => daysBack(90),
    sinceStart: () => startOfDay(new TZDate(new Date(campaignCreatedAt).getTime(), timezone)),
  }[preset]();
  const earliest = end.getTime() - MAX_RANGE_MS;
  return { start: new Date(Math.max(start.getTime(), earliest)), end: new Date(end.getTime()) };
}

/**
 * A range picked on the calendar: whole days from the first to the last, both included.
 * Null when a day is missing or the last comes before the first.
 */
export function calendarRange(
  firstDay: string,
  lastDay: string,
  timezone: string,
): StatsRange | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/;
  const first = day.exec(firstDay);
  const last = day.exec(lastDay);
  if (!first || !last) return null;
  const at = (m: RegExpExecArray) => TZDate.tz(timezone, +m[1]!, +m[2]! - 1, +m[3]!);
  const start = at(first);
  const end = addDays(at(last), 1);
  if (end <= start) return null;
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** The calendar day (yyyy-mm-dd) of an instant in the zone, as date inputs want it. */
export const calendarDay = (date: Date, timezone: string) =>
  format(new TZDate(date.getTime(), timezone), 'yyyy-MM-dd');

/** The same length of time just before `range`: what "compare with the previous period" means. */
export function previousRange(range: StatsRange): StatsRange {
  const span = range.end.getTime() - range.start.getTime();
  return { start: new Date(range.start.getTime() - span), end: new Date(range.start.getTime()) };
}

/** Calendar length of one interval, at most (months and years vary: the upper bound counts). */
const LONGEST_INTERVAL_MS: Record<Granularity, number> = {
  hour: HOUR_MS,
  quarterDay: 6 * HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 31 * DAY_MS,
  quarter: 92 * DAY_MS,
  year: 366 * DAY_MS,
};

export const GRANULARITY_LABELS: Record<Granularity, string> = {
  hour: 'Hourly',
  quarterDay: '6 hours',
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
  quarter: 'Quarterly',
  year: 'Yearly',
};

/**
 * Granularities worth offering for a range: at least two points on the chart and no more than
 * the server accepts. A range shorter than two of anything still offers the finest.
 */
export function granularitiesFor(range: StatsRange): Granularity[] {
  const span = range.end.getTime() - range.start.getTime();
  // An interval may be 1 hour shorter than nominal on a DST day: leave that margin.
  const fits = (g: Granularity) =>
    span / Math.max(LONGEST_INTERVAL_MS[g] - HOUR_MS, HOUR_MS) <= MAX_INTERVALS;
  const offered = (Object.keys(LONGEST_INTERVAL_MS) as Granularity[]).filter(
    (g) => fits(g) && (g === 'hour' || span >= 2 * LONGEST_INTERVAL_MS[g]),
  );
  return offered.length ? offered : ['hour'];
}

/** What a range shows first: hours up to two days, days up to ~3 months, then weeks, months. */
export function defaultGranularity(range: StatsRange): Granularity {
  const span = range.end.getTime() - range.start.getTime();
  const preferred: Granularity =
    span <= 2 * DAY_MS
      ? 'hour'
      : span <= 92 * DAY_MS
        ? 'day'
        : span <= 366 * DAY_MS
          ? 'week'
          : 'month';
  const offered = granularitiesFor(range);
  return offered.includes(preferred) ? preferred : offered[0]!;
}
