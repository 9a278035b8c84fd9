import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLLECT_MESSAGES,
  collectBatchSchema,
  withinClockSkew,
  COLLECT_MAX_CLOCK_SKEW_MS,
  finalRollupHoursBefore,
  appliedMs,
  notOnThisPage,
  NOT_ON_PAGE,
  type CollectEvent,
} from './collect';

const HOUR_MS = 3_600_000;

const base = {
  id: '0b0e4a8e-5d1c-4c6a-9f43-0d6f2e8f1a11',
  campaignId: 12,
  visitorId: 'v-1',
  sessionId: 's-1',
  ts: 1_795_000_000_000,
  url: 'https://shop.example/landing',
};
const messagesOf = (value: unknown) =>
  collectBatchSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the collect contract', () => {
  it('takes the three event types of the documented contract', () => {
    const parsed = collectBatchSchema.parse({
      events: [
        {
          ...base,
          type: 'exposure',
          assignments: { '34': 101, '35': 'control' },
          applied: { '34': 42, '35': null },
        },
        { ...base, type: 'goal', goalId: 7 },
        { ...base, type: 'revenue', amount: 19.99 },
      ],
    });
    expect(parsed.events.map((event) => event.type)).toEqual(['exposure', 'goal', 'revenue']);
  });

  it('refuses empty and oversized batches with a clear message', () => {
    expect(messagesOf({ events: [] })).toEqual([COLLECT_MESSAGES.empty]);
    const events = Array.from({ length: 101 }, () => ({ ...base, type: 'goal', goalId: 1 }));
    expect(messagesOf({ events })).toEqual([COLLECT_MESSAGES.tooMany]);
  });

  it.each([
    ['a non-uuid id', { ...base, id: 'x', type: 'goal', goalId: 1 }],
    ['a negative amount', { ...base, type: 'revenue', amount: -1 }],
    ['an unknown type', { ...base, type: 'purchase' }],
    ['a visitor id with markup', { ...base, visitorId: '<b>', type: 'goal', goalId: 1 }],
    ['an element key that is not an id', { ...base, type: 'exposure', assignments: { h1: 1 } }],
    [
      'an assignment that is neither a variant id nor control',
      { ...base, type: 'exposure', assignments: { '1': 'b' } },
    ],
  ])('refuses %s', (_name, event) => {
    expect(collectBatchSchema.safeParse({ events: [event] }).success).toBe(false);
  });

  it('takes the elements an exposure healed, and exposures that name none (older trackers)', () => {
    const exposure = { ...base, type: 'exposure', assignments: { '34': 101 }, applied: {} };
    const parsed = collectBatchSchema.parse({ events: [{ ...exposure, healed: [34] }, exposure] });
    expect(parsed.events.map((event) => event.type === 'exposure' && event.healed)).toEqual([
      [34],
      undefined,
    ]);
  });

  it.each([['34'], 'all', [0], [1.5], [null]])(
    'refuses healed: %j with a clear message',
    (healed) => {
      const event = { ...base, type: 'exposure', assignments: { '34': 101 }, healed };
      expect(messagesOf({ events: [event] })).toEqual([COLLECT_MESSAGES.healed]);
    },
  );

  it('checks event times against the clock, a day either way', () => {
    const now = base.ts;
    expect(withinClockSkew([{ ts: now + COLLECT_MAX_CLOCK_SKEW_MS }], now)).toBe(true);
    expect(withinClockSkew([{ ts: now + COLLECT_MAX_CLOCK_SKEW_MS + 1 }], now)).toBe(false);
    expect(withinClockSkew([{ ts: now - COLLECT_MAX_CLOCK_SKEW_MS - 1 }], now)).toBe(false);
  });

  it('calls an hour final only once no event stamped in it can be accepted, now or later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1e12, max: 4e12 }),
        fc.integer({ min: 0, max: 1e10 }),
        (now, later) => {
          const before = finalRollupHoursBefore(now);
          expect(before % HOUR_MS).toBe(0);
          // The earliest event time accepted at any later clock reading lies past it.
          expect(before).toBeLessThan(now + later - COLLECT_MAX_CLOCK_SKEW_MS);
          expect(withinClockSkew([{ ts: before - 1 }], now + later)).toBe(false);
        },
      ),
    );
    expect(finalRollupHoursBefore(Date.UTC(2026, 0, 3, 12, 30))).toBe(Date.UTC(2026, 0, 2, 11));
  });
});

describe('"not on this page" (issue 31)', () => {
  const exposure = (applied: Record<string, number | null>): CollectEvent =>
    collectBatchSchema.parse({
      events: [{ ...base, type: 'exposure', assignments: { '34': 101, '35': 'control' }, applied }],
    }).events[0]!;

  it('is an exposure whose every element was never found', () => {
    expect(notOnThisPage(exposure({ '34': NOT_ON_PAGE, '35': NOT_ON_PAGE }))).toBe(true);
  });

  it('is not one where any element was found, missed or not, nor an older tracker report', () => {
    expect(notOnThisPage(exposure({ '34': 120, '35': NOT_ON_PAGE }))).toBe(false);
    // Found but not changed in time (seen before the tracker acted): missed, as before.
    expect(notOnThisPage(exposure({ '34': null, '35': NOT_ON_PAGE }))).toBe(false);
    // Older trackers: a variant's absent element says null, the original's says nothing.
    expect(notOnThisPage(exposure({ '34': null }))).toBe(false);
    expect(notOnThisPage(exposure({}))).toBe(false);
    expect(notOnThisPage({ ...base, type: 'goal', goalId: 7 })).toBe(false);
  });

  it('takes -1 as the only value under 0, and reads it as no time', () => {
    expect(
      collectBatchSchema.safeParse({
        events: [{ ...base, type: 'exposure', assignments: { '34': 101 }, applied: { '34': -2 } }],
      }).success,
    ).toBe(false);
    expect([appliedMs(40), appliedMs(0), appliedMs(null), appliedMs(NOT_ON_PAGE)]).toEqual([
      40,
      0,
      undefined,
      undefined,
    ]);
  });
});
