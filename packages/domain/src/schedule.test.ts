import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeZoneSchema, TIME_ZONE_MESSAGE } from './accounts';
import {
  describeSchedule,
  dueScheduleAction,
  scheduleInputSchema,
  scheduleNotice,
  scheduleProblem,
  SCHEDULE_MESSAGES,
  type StoredSchedule,
} from './schedule';
import { formatScheduleTime, instantOfWallTime, wallTimeInZone } from './schedule-time';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const empty: StoredSchedule = {
  startAt: null,
  stopAt: null,
  startedAt: null,
  stoppedAt: null,
  startRefusal: null,
};
const START = '2026-12-01T08:00:00.000Z';
const STOP = '2026-12-05T17:00:00.000Z';
const issues = (value: unknown) =>
  scheduleInputSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('schedule input', () => {
  it('takes ISO 8601 instants with an offset and answers them in UTC', () => {
    expect(
      scheduleInputSchema.parse({ startAt: '2026-12-01T09:00:00+01:00', stopAt: null }),
    ).toEqual({ startAt: START, stopAt: null });
    expect(scheduleInputSchema.parse({ startAt: null, stopAt: null })).toEqual({
      startAt: null,
      stopAt: null,
    });
  });

  it('refuses what is not an instant, with one sentence', () => {
    for (const bad of ['2026-12-01T09:00', 'tomorrow', '', 12, '2026-13-01T00:00:00Z']) {
      expect(issues({ startAt: bad, stopAt: null })).toEqual([SCHEDULE_MESSAGES.instant]);
    }
    expect(issues({ startAt: START })).toEqual([SCHEDULE_MESSAGES.instant]);
    // Instants an answer could not write back as ISO 8601 with a four-digit year.
    for (const edge of ['9999-12-31T23:59:59-23:59', '0000-01-01T00:00:00+01:00']) {
      expect(issues({ startAt: edge, stopAt: null })).toEqual([SCHEDULE_MESSAGES.instant]);
    }
  });

  it('refuses a stop at or before the start', () => {
    expect(issues({ startAt: STOP, stopAt: START })).toEqual([SCHEDULE_MESSAGES.stopBeforeStart]);
    expect(issues({ startAt: START, stopAt: START })).toEqual([SCHEDULE_MESSAGES.stopBeforeStart]);
  });

  it('refuses a time that has passed unless it is the one stored', () => {
    const past = '2026-11-28T11:59:00.000Z';
    const stored = { startAt: null, stopAt: null };
    expect(scheduleProblem({ startAt: past, stopAt: null }, { stored, nowMs: NOW })).toEqual({
      field: 'startAt',
      message: SCHEDULE_MESSAGES.startPassed,
    });
    expect(scheduleProblem({ startAt: null, stopAt: past }, { stored, nowMs: NOW })).toEqual({
      field: 'stopAt',
      message: SCHEDULE_MESSAGES.stopPassed,
    });
    const running = { startAt: past, stopAt: STOP };
    expect(
      scheduleProblem(
        { startAt: past, stopAt: '2026-12-06T17:00:00.000Z' },
        { stored: running, nowMs: NOW },
      ),
    ).toBeNull();
    expect(scheduleProblem({ startAt: START, stopAt: STOP }, { stored, nowMs: NOW })).toBeNull();
  });
});

describe('what the worker does', () => {
  const at = (iso: string) => Date.parse(iso);

  it('starts once when the start is due, then stops once when the stop is', () => {
    const schedule = { ...empty, startAt: START, stopAt: STOP };
    expect(dueScheduleAction(schedule, at(START) - 1)).toBeNull();
    expect(dueScheduleAction(schedule, at(START))).toBe('start');
    const started = { ...schedule, startedAt: START };
    expect(dueScheduleAction(started, at(START) + 1)).toBeNull();
    expect(dueScheduleAction(started, at(STOP))).toBe('stop');
    expect(dueScheduleAction({ ...started, stoppedAt: STOP }, at(STOP) + 1)).toBeNull();
  });

  it('switches nothing on when the whole window passed unseen, nor after a refusal', () => {
    const schedule = { ...empty, startAt: START, stopAt: STOP };
    expect(dueScheduleAction(schedule, at(STOP) + 1)).toBe('stop');
    expect(dueScheduleAction({ ...schedule, stoppedAt: STOP }, at(STOP) + 1)).toBeNull();
    expect(dueScheduleAction({ ...schedule, startRefusal: 'No plan' }, at(START) + 1)).toBeNull();
  });

  it('never answers start past the stop, whatever the times (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (start, length, now) => {
          const schedule = {
            ...empty,
            startAt: new Date(NOW + start * 60_000).toISOString(),
            stopAt: new Date(NOW + (start + length) * 60_000).toISOString(),
          };
          const action = dueScheduleAction(schedule, NOW + now * 60_000);
          if (now >= start + length) expect(action).toBe('stop');
          else if (now >= start) expect(action).toBe('start');
          else expect(action).toBeNull();
        },
      ),
    );
  });
});

describe('describeSchedule', () => {
  const zone = 'Europe/Berlin';
  const describe_ = (schedule: Partial<StoredSchedule>) =>
    describeSchedule({ ...empty, ...schedule }, { timeZone: zone, nowMs: NOW });

  it('says each state in the team zone, with badges for the list', () => {
    expect(describe_({})).toMatchObject({ state: 'none', badges: [], summary: 'No schedule.' });
    expect(describe_({ startAt: START, stopAt: STOP })).toMatchObject({
      state: 'start-pending',
      timeZone: zone,
      summary: 'Starts Tue 1 Dec, 09:00, stops Sat 5 Dec, 18:00 (Europe/Berlin).',
      badges: ['Starts Tue 1 Dec, 09:00', 'Stops Sat 5 Dec, 18:00'],
    });
    expect(describe_({ startAt: START, stopAt: STOP, startedAt: START })).toMatchObject({
      state: 'stop-pending',
      summary: 'Started by schedule Tue 1 Dec, 09:00; runs until Sat 5 Dec, 18:00 (Europe/Berlin).',
      badges: ['Stops Sat 5 Dec, 18:00'],
    });
    expect(describe_({ stopAt: STOP })).toMatchObject({
      state: 'stop-pending',
      summary: 'Stops Sat 5 Dec, 18:00 (Europe/Berlin).',
      badges: ['Stops Sat 5 Dec, 18:00'],
    });
    expect(
      describe_({ startAt: START, stopAt: STOP, startedAt: START, stoppedAt: STOP }),
    ).toMatchObject({
      state: 'done',
      summary: 'Stopped by schedule Sat 5 Dec, 18:00 (Europe/Berlin).',
      badges: [],
    });
    expect(describe_({ startAt: START, startedAt: START })).toMatchObject({
      state: 'done',
      summary: 'Started by schedule Tue 1 Dec, 09:00 (Europe/Berlin).',
    });
    expect(
      describe_({ startAt: START, startRefusal: 'Your plan runs 1 campaign at a time.' }),
    ).toMatchObject({
      state: 'start-refused',
      summary:
        'The scheduled start (Tue 1 Dec, 09:00) was refused: Your plan runs 1 campaign at a time.',
      badges: ['Scheduled start refused'],
      startRefusal: 'Your plan runs 1 campaign at a time.',
    });
  });

  it('writes the notices the team gets', () => {
    const common = { campaignName: 'Hero', campaignId: 7, at: START, timeZone: zone, nowMs: NOW };
    expect(scheduleNotice({ ...common, action: 'started' })).toEqual({
      title: 'Hero started by schedule',
      body: 'The campaign was switched on at its scheduled start, Tue 1 Dec, 09:00 (Europe/Berlin).',
      teamPath: '/campaign/7',
    });
    expect(scheduleNotice({ ...common, action: 'stopped' }).title).toBe('Hero stopped by schedule');
    expect(scheduleNotice({ ...common, action: 'refused', reason: 'No plan.' }).body).toBe(
      'The campaign was not switched on at its scheduled start, Tue 1 Dec, 09:00 (Europe/Berlin): No plan.',
    );
  });
});

describe('times on the team clocks', () => {
  it('formats with the year only when it is not this year', () => {
    expect(formatScheduleTime('2027-12-01T08:00:00Z', 'Europe/Berlin', NOW)).toBe(
      'Wed 1 Dec 2027, 09:00',
    );
    expect(formatScheduleTime('2026-09-01T08:00:00Z', 'UTC', NOW)).toBe('Tue 1 Sep, 08:00');
  });

  it('turns a datetime-local value into the instant and back', () => {
    expect(instantOfWallTime('2026-12-01T09:00', 'Europe/Berlin')).toBe(START);
    expect(instantOfWallTime('2026-07-01T09:00', 'America/New_York')).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(wallTimeInZone(START, 'Asia/Kolkata')).toBe('2026-12-01T13:30');
    expect(instantOfWallTime('9:00', 'UTC')).toBeNull();
  });

  it('reads a skipped time with the offset before the change, a doubled one as the first', () => {
    // Berlin skips 02:00-03:00 on 29 March 2026 and shows 02:00-03:00 twice on 25 October.
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfWallTime('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every minute of wall time in several zones (property)', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Los_Angeles',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('2020-01-01T00:00:00Z') / 60_000,
          max: Date.parse('2035-01-01T00:00:00Z') / 60_000,
        }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const iso = new Date(minute * 60_000).toISOString();
          const wall = wallTimeInZone(iso, zone);
          const back = instantOfWallTime(wall, zone);
          // Only a doubled hour's second instance comes back as the first.
          expect(wallTimeInZone(back!, zone)).toBe(wall);
          expect(Date.parse(back!)).toBeLessThanOrEqual(minute * 60_000);
        },
      ),
    );
  });

  it('knows a time zone from the list, as the user preference does', () => {
    expect(timeZoneSchema.parse(' Europe/Berlin ')).toBe('Europe/Berlin');
    for (const bad of ['Mars/Olympus', '', 'x'.repeat(65), 3]) {
      expect(timeZoneSchema.safeParse(bad).error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
    }
  });
});
