import type { Campaign, PerformanceFigures } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { createPerformanceCache, type PerformanceKey } from './performance-cache';
import type { TeamRollupRow } from './performance-repo';

const campaign = (id: number, variantIds: number[] = [10], over: Partial<Campaign> = {}) =>
  ({
    id,
    name: `Campaign ${id}`,
    type: 'ab_split',
    statsMethod: 'sequential',
    minimumDetectableEffect: 0.1,
    goals: [{ id: 3, isConversionGoal: true, metricRole: null, lowerIsBetter: false }],
    elements: [{ id: 1, variants: variantIds.map((v) => ({ id: v, isEnabled: true })) }],
    ...over,
  }) as unknown as Campaign;

const key = (over: Partial<PerformanceKey> = {}): PerformanceKey => ({
  teamId: 1,
  timezone: 'UTC',
  days: [{ start: 0, end: 86_400_000 }],
  campaigns: [campaign(7)],
  correction: 'holm',
  ...over,
});

/** A cache over a loader that answers its call number as campaign 7's views. */
function setUp() {
  let clock = 1_000;
  let calls = 0;
  let fail = false;
  const cache = createPerformanceCache({ ttlMs: 20_000, maxTeams: 2, now: () => clock });
  const load = () => {
    calls++;
    if (fail) return Promise.reject(new Error('database gone'));
    return Promise.resolve(new Map([[7, { views: calls } as PerformanceFigures]]));
  };
  const views = async (k = key()) => (await cache.get(k, load)).get(7)!.views;
  return {
    views,
    tick: (ms: number) => (clock += ms),
    failNext: (value: boolean) => (fail = value),
    calls: () => calls,
  };
}

describe('createPerformanceCache', () => {
  it('serves one read per team for its time to live, then reads again', async () => {
    const c = setUp();
    expect(await c.views()).toBe(1);
    c.tick(19_999);
    expect(await c.views()).toBe(1);
    c.tick(1);
    expect(await c.views()).toBe(2);
    expect(await c.views(key({ teamId: 2 }))).toBe(3);
    expect(await c.views()).toBe(2);
  });

  it('reads again at once when the campaigns, their arms, the zone or the days change', async () => {
    const c = setUp();
    expect(await c.views()).toBe(1);
    expect(await c.views(key({ campaigns: [campaign(7), campaign(8)] }))).toBe(2);
    expect(await c.views(key({ campaigns: [campaign(7), campaign(8, [10, 11])] }))).toBe(3);
    expect(await c.views(key({ campaigns: [campaign(7), campaign(8, [10, 11])] }))).toBe(3);
    expect(await c.views(key({ timezone: 'Europe/Berlin' }))).toBe(4);
    expect(await c.views(key({ days: [{ start: 86_400_000, end: 2 * 86_400_000 }] }))).toBe(5);
  });

  it('reads again at once when what the verdicts are tested with changes', async () => {
    const c = setUp();
    expect(await c.views()).toBe(1);
    expect(await c.views(key({ correction: 'benjamini-hochberg' }))).toBe(2);
    const changed: Partial<Campaign>[] = [
      { statsMethod: 'fixed' },
      { minimumDetectableEffect: 0.05 },
      { type: 'multi_armed_bandit' },
      {
        goals: [
          { id: 3, isConversionGoal: true, metricRole: null, lowerIsBetter: false },
          { id: 4, isConversionGoal: false, metricRole: 'guardrail', lowerIsBetter: true },
        ] as Campaign['goals'],
      },
      {
        elements: [{ id: 1, variants: [{ id: 10, isEnabled: false }] }] as Campaign['elements'],
      },
    ];
    let calls = 2;
    for (const over of changed) {
      expect(
        await c.views(
          key({ correction: 'benjamini-hochberg', campaigns: [campaign(7, [10], over)] }),
        ),
      ).toBe(++calls);
    }
    // A rename or the campaign's own switch is read fresh, not through the figures.
    expect(
      await c.views(
        key({
          correction: 'benjamini-hochberg',
          campaigns: [campaign(7, [10], { name: 'Renamed', isEnabled: false, ...changed[4] })],
        }),
      ),
    ).toBe(calls);
  });

  it('shares a read in flight, forgets a failed one, and keeps at most maxTeams teams', async () => {
    const c = setUp();
    c.failNext(true);
    const [a, b] = await Promise.allSettled([c.views(), c.views()]);
    expect([a.status, b.status, c.calls()]).toEqual(['rejected', 'rejected', 1]);
    c.failNext(false);
    expect(await c.views()).toBe(2);
    await c.views(key({ teamId: 2 }));
    await c.views(key({ teamId: 3 }));
    // Team 1 was the oldest of three: it is read again.
    expect(await c.views()).toBe(5);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = [0, DAY, 2 * DAY];

describe('the history of hours before the recent days', () => {
  it('is read once per team until another day is final or the goals change, whatever the clock', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createPerformanceCache({ ttlMs: 20_000, now: () => clock });
    const load = () => {
      calls++;
      return Promise.resolve([{ day: -1, exposures: calls } as TeamRollupRow]);
    };
    const read = async (before: number, goalIds = [3, 4], teamId = 1) =>
      (await cache.history({ teamId, before, goalIds, dayStarts: DAYS }, load))[0]!.exposures;
    expect(await read(1000)).toBe(1);
    clock += 3_600_000;
    expect(await read(1000, [4, 3])).toBe(1);
    expect(await read(1000, [], 2)).toBe(2);
    expect(await read(1000)).toBe(1);
    expect(await read(1000, [3])).toBe(3);
    expect(await read(2000, [3])).toBe(4);
    // Same first day, another calendar after it (a zone whose clocks changed): read again.
    const shifted = [0, DAY - HOUR, 2 * DAY - HOUR];
    expect(
      (await cache.history({ teamId: 1, before: 2000, goalIds: [3], dayStarts: shifted }, load))[0]!
        .exposures,
    ).toBe(5);
  });
});
