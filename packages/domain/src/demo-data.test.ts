import { describe, expect, it } from 'vitest';
import { DEMO_DATA_END_DATE } from './constants';
import {
  DEMO_DATA_END_MS,
  DEMO_DATA_START_MS,
  DEMO_EXPERIMENT,
  DEMO_SEED,
  generateDemoRollups,
  type DemoRollup,
} from './demo-data';
import { twoProportionZTest } from './stats/two-proportion';

const total = (rows: DemoRollup[], pick: (row: DemoRollup) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

describe('generateDemoRollups', () => {
  const rows = generateDemoRollups();

  it('gives the same data for the same seed, and other data for another', () => {
    expect(generateDemoRollups(DEMO_SEED)).toEqual(rows);
    expect(generateDemoRollups(DEMO_SEED + 1)).not.toEqual(rows);
  });

  it(`dates every hour on or before ${DEMO_DATA_END_DATE}`, () => {
    expect(DEMO_DATA_END_MS).toBe(Date.parse('1999-12-31T23:59:59.999Z'));
    for (const row of rows) {
      expect(row.hour).toBeGreaterThanOrEqual(DEMO_DATA_START_MS);
      expect(new Date(row.hour).toISOString().slice(0, 10) <= DEMO_DATA_END_DATE).toBe(true);
      expect(row.hour % 3_600_000).toBe(0);
    }
    const days = new Set(rows.map((row) => new Date(row.hour).toISOString().slice(0, 10)));
    expect(days.size).toBe(30);
    expect([...days].sort().at(-1)).toBe(DEMO_DATA_END_DATE);
  });

  it('counts every element alike: each visitor sees every element once per view', () => {
    const perElement = DEMO_EXPERIMENT.elements.map((_, element) =>
      rows.filter((row) => row.element === element && row.goal === null),
    );
    const [first, ...others] = perElement.map((list) => ({
      exposures: total(list, (row) => row.exposures),
      visitors: total(list, (row) => row.visitors),
      sessions: total(list, (row) => row.sessions),
    }));
    for (const other of others) expect(other).toEqual(first);
    expect(first!.visitors).toBeGreaterThan(8000);
    expect(first!.sessions).toBeGreaterThan(first!.visitors);
    expect(first!.exposures).toBeGreaterThan(first!.sessions);
  });

  it('makes a funnel that narrows, with the headline winner clearly significant', () => {
    const headline = rows.filter((row) => row.element === 0);
    const clicks = total(headline, (row) => (row.goal === 0 ? row.goalSessions : 0));
    const signUps = total(headline, (row) => (row.goal === 1 ? row.goalSessions : 0));
    expect(signUps).toBeGreaterThan(0);
    expect(signUps).toBeLessThan(clicks);
    const armCounts = (arm: number) => ({
      visitors: total(headline, (row) => (row.arm === arm ? row.visitors : 0)),
      converted: total(headline, (row) =>
        row.arm === arm && row.goal === 1 ? row.goalVisitors : 0,
      ),
    });
    const control = armCounts(0);
    const winner = armCounts(2);
    expect(winner.converted / winner.visitors).toBeGreaterThan(
      1.3 * (control.converted / control.visitors),
    );
    const test = twoProportionZTest(
      { visitors: control.visitors, conversions: control.converted },
      { visitors: winner.visitors, conversions: winner.converted },
    );
    expect(test.pValue).toBeLessThan(0.001);
  });
});
