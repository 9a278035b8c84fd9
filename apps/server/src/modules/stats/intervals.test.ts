import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRANULARITIES } from '@kindling/domain';
import { intervalIndex, statsIntervals } from './intervals';
import { isTimeZone, wallTimeAt } from './zoned-time';

const HOUR = 3_600_000;
// Half-hour offsets (Kolkata), half-hour DST (Lord Howe), midnight skipped (Santiago) or
// repeated (Havana), 45-minute offsets (Chatham).
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Pacific/Chatham',
  'UTC',
];

/** The local calendar key of an instant per granularity, read independently with Intl. */
function localKey(ms: number, granularity: (typeof GRANULARITIES)[number], zone: string) {
  const { year, month, day, hour } = wallTimeAt(ms, zone);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(year, month - 1, day - weekday)).toISOString().slice(0, 10);
  const keys = {
    hour: String(ms),
    quarterDay: `${year}-${month}-${day}/${Math.floor(hour / 6)}`,
    day: `${year}-${month}-${day}`,
    week: monday,
    month: `${year}-${month}`,
    quarter: `${year}/${Math.floor((month - 1) / 3)}`,
    year: `${year}`,
  };
  return keys[granularity];
}

describe('statsIntervals', () => {
  it('holds every rollup hour of the range in the interval of its local calendar key', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 1, max: 24 * 40 }),
        fc.constantFrom(...GRANULARITIES),
        fc.constantFrom(...ZONES),
        (start, hours, granularity, zone) => {
          const end = start + hours * HOUR;
          const intervals = statsIntervals({ start, end, granularity, timezone: zone })!;
          intervals.forEach((interval, i) => {
            expect(interval.end).toBeGreaterThan(interval.start);
            if (i > 0) expect(interval.start).toBe(intervals[i - 1]!.end);
          });
          const keys = new Map<number, string>();
          for (let hour = Math.ceil(start / HOUR) * HOUR; hour < end; hour += HOUR) {
            const index = intervalIndex(intervals, hour);
            expect(index).toBeGreaterThanOrEqual(0);
            const key = localKey(hour, granularity, zone);
            expect(keys.get(index) ?? key).toBe(key);
            keys.set(index, key);
          }
          // Every interval holds at least one hour of the range: none is made up.
          expect(keys.size).toBe(intervals.length);
          // And no local calendar unit is split over two intervals.
          expect(new Set(keys.values()).size).toBe(intervals.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stops at the limit', () => {
    const range = { start: 0, end: 10 * HOUR, timezone: 'UTC' };
    expect(statsIntervals({ ...range, granularity: 'hour', limit: 9 })).toBeNull();
    expect(statsIntervals({ ...range, granularity: 'hour', limit: 10 })).toHaveLength(10);
  });

  it('accepts IANA names only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Etc/GMT+1')).toBe(true);
    for (const name of ['+01:00', 'Mars/Olympus', 'Europe/Berlin ', '', '../etc']) {
      expect(isTimeZone(name)).toBe(false);
    }
  });
});
