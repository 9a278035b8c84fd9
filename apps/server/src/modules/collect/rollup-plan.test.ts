import { FLICKER_BUCKET_COUNT, flickerBucketOf, type CollectEvent } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { planRollups, type RollupInput } from './rollup-plan';

const HOUR = 3_600_000;
const at = 10 * HOUR + 5;
const base = { campaignId: 7, visitorId: 'v', sessionId: 's', ts: at, url: 'https://a.example/' };
const exposure = (id: string, applied: Record<string, number | null>): CollectEvent => ({
  ...base,
  id,
  type: 'exposure',
  assignments: { '1': 11, '2': 'control' },
  applied,
});
const plan = (events: CollectEvent[], input: Partial<RollupInput> = {}) =>
  planRollups({
    events,
    newVisitors: new Map(),
    newSessions: new Map(),
    visitors: new Map(),
    newGoalSessions: new Set(),
    newGoalVisitors: new Set(),
    conversions: new Set(),
    ...input,
  });
const bucketsWith = (...times: number[]) => {
  const counts = new Array<number>(FLICKER_BUCKET_COUNT).fill(0);
  for (const ms of times) counts[flickerBucketOf(ms)]! += 1;
  return counts;
};

describe('planRollups', () => {
  it('counts applied times per element and arm in the flicker histogram', () => {
    const rows = plan(
      [exposure('a', { '1': 40, '2': null }), exposure('b', { '1': 900, '2': 7 })],
      { newVisitors: new Map([['7:v', 'a']]), newSessions: new Map([['7:s', 'a']]) },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        campaignId: 7,
        hour: 10 * HOUR,
        elementId: 1,
        arm: 11,
        goalId: 0,
        exposures: 2,
        visitors: 1,
        sessions: 1,
        applied: 2,
        missed: 0,
        appliedMsHistogram: bucketsWith(40, 900),
      }),
      expect.objectContaining({
        elementId: 2,
        arm: 0,
        exposures: 2,
        applied: 1,
        missed: 1,
        appliedMsHistogram: bucketsWith(7),
      }),
    ]);
  });

  it('adds nothing to the histogram for goals and revenue', () => {
    const visitor = { arms: { '1': 11 }, firstExposureAt: at };
    const rows = plan(
      [
        { ...base, id: 'g', type: 'goal', goalId: 3 },
        { ...base, id: 'r', type: 'revenue', amount: 5 },
      ],
      { visitors: new Map([['7:v', visitor]]), newGoalSessions: new Set(['g']) },
    );
    expect(rows.map((row) => [row.goalId, row.goalSessions, row.revenue])).toEqual([
      [0, 0, 5],
      [3, 1, 0],
    ]);
    for (const row of rows) expect(row.appliedMsHistogram).toEqual(bucketsWith());
  });

  it("counts a visitor's first reach of a goal apart from the session's, for every arm", () => {
    const visitor = { arms: { '1': 11, '2': 0 }, firstExposureAt: at };
    const goal = (id: string, sessionId: string): CollectEvent => ({
      ...base,
      id,
      sessionId,
      type: 'goal',
      goalId: 3,
    });
    // First reach in session s; then the same goal reached in session t: a new session goal,
    // not a new visitor goal.
    const rows = plan([goal('first', 's'), goal('again', 't')], {
      visitors: new Map([['7:v', visitor]]),
      newGoalSessions: new Set(['first', 'again']),
      newGoalVisitors: new Set(['first']),
    });
    expect(rows.map((row) => [row.elementId, row.arm, row.goalSessions, row.goalVisitors])).toEqual(
      [
        [1, 11, 2, 1],
        [2, 0, 2, 1],
      ],
    );
  });
});
