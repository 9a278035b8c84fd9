import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  calendarRange,
  defaultGranularity,
  granularitiesFor,
  presetRange,
  previousRange,
} from './stats-range';

const iso = (range: { start: Date; end: Date }) => [
  range.start.toISOString(),
  range.end.toISOString(),
];
const at = { now: new Date('2026-03-10T15:20:00Z'), campaignCreatedAt: '2026-02-01T09:00:00Z' };

describe('preset ranges', () => {
  it('end at the start of the next hour and start on whole days of the user zone', () => {
    expect(iso(presetRange('last24Hours', { ...at, timezone: 'UTC' }))).toEqual([
      '2026-03-09T16:00:00.000Z',
      '2026-03-10T16:00:00.000Z',
    ]);
    expect(iso(presetRange('last7Days', { ...at, timezone: 'UTC' }))).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T16:00:00.000Z',
    ]);
    expect(iso(presetRange('last7Days', { ...at, timezone: 'Asia/Tokyo' }))).toEqual([
      '2026-03-04T15:00:00.000Z',
      '2026-03-10T16:00:00.000Z',
    ]);
  });

  it('start on the day the campaign was created, at most two years back', () => {
    expect(iso(presetRange('sinceStart', { ...at, timezone: 'UTC' }))[0]).toBe(
      '2026-02-01T00:00:00.000Z',
    );
    const old = presetRange('sinceStart', {
      ...at,
      timezone: 'UTC',
      campaignCreatedAt: '2020-01-01T00:00:00Z',
    });
    expect(old.end.getTime() - old.start.getTime()).toBe(731 * 86_400_000);
  });

  it('count a day of 23 hours when the clocks go forward', () => {
    const range = presetRange('last7Days', {
      now: new Date('2026-03-30T10:00:00Z'),
      timezone: 'Europe/Berlin',
      campaignCreatedAt: at.campaignCreatedAt,
    });
    expect(iso(range)[0]).toBe('2026-03-23T23:00:00.000Z');
  });
});

describe('calendar ranges', () => {
  it('cover the first to the last day, both whole, in the zone', () => {
    expect(iso(calendarRange('2026-03-01', '2026-03-07', 'Europe/Berlin')!)).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-07T23:00:00.000Z',
    ]);
    expect(iso(calendarRange('2026-03-05', '2026-03-05', 'UTC')!)).toEqual([
      '2026-03-05T00:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
    ]);
  });

  it('start from the day of an instant in the zone', () => {
    expect(calendarDay(new Date('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
    expect(calendarDay(new Date('2026-03-10T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-11');
  });

  it('are refused when reversed or incomplete', () => {
    expect(calendarRange('2026-03-07', '2026-03-01', 'UTC')).toBeNull();
    expect(calendarRange('', '2026-03-01', 'UTC')).toBeNull();
  });
});

describe('granularities', () => {
  const days = (n: number) => ({
    start: new Date('2026-01-01T00:00:00Z'),
    end: new Date(Date.UTC(2026, 0, 1 + n)),
  });

  it('offer hours only while the server accepts that many intervals', () => {
    expect(granularitiesFor(days(7))).toEqual(['hour', 'quarterDay', 'day']);
    expect(granularitiesFor(days(90))).not.toContain('hour');
    expect(granularitiesFor(days(90))).toEqual(['quarterDay', 'day', 'week', 'month']);
    expect(granularitiesFor(days(730))).toEqual(['day', 'week', 'month', 'quarter']);
  });

  it('default to hours for a day, days for a quarter, weeks for a year', () => {
    expect(defaultGranularity(days(1))).toBe('hour');
    expect(defaultGranularity(days(30))).toBe('day');
    expect(defaultGranularity(days(200))).toBe('week');
    expect(defaultGranularity(days(700))).toBe('month');
  });

  it('compare with the period of the same length just before', () => {
    expect(iso(previousRange(days(7)))).toEqual([
      '2025-12-25T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
  });
});
