import { OPEN_SEGMENT_DIMENSIONS, type CollectEvent, type VisitorClass } from '@kindling/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRollups, sessionKey, visitorKey, type VisitorFacts } from './rollup-plan';
import {
  planDimensionRollups,
  planSegmentRollups,
  type ClassRollupRow,
  type SegmentRollupInput,
} from './segment-rollups';
import { exposureClassOf } from './visitor-classes';
import { metricSquaresOf, visitorTotalsChanges, type VisitorTotals } from './visitor-totals';

const HOUR = 3_600_000;
const OPEN = {
  referrer: '(direct)',
  utm_source: '(none)',
  utm_medium: '(none)',
  utm_campaign: '(none)',
  country: '(unknown)',
};
const CLASSES: VisitorClass[] = [
  { browser: 'safari', device: 'phone', visitorType: 'new', open: OPEN },
  {
    browser: 'chrome',
    device: 'desktop',
    visitorType: 'returning',
    open: { ...OPEN, utm_source: 'google', country: 'FR' },
  },
  {
    browser: 'chrome',
    device: 'phone',
    visitorType: 'new',
    open: { ...OPEN, referrer: 'news.example', utm_source: 'google', utm_medium: 'cpc' },
  },
  // Stored before the open values were kept (migration 0043): in no open segment.
  { browser: 'safari', device: 'desktop', visitorType: 'returning', open: null },
];
const COUNTERS = [
  'exposures',
  'visitors',
  'sessions',
  'goalSessions',
  'goalVisitors',
  'conversions',
  'revenue',
  'valueSquares',
  'valueSessions',
  'sessionSquares',
] as const;

type Step = { kind: 'exposure' | 'goal' | 'revenue'; session: number; hour: number };
interface PlannedVisitor {
  of: VisitorClass | null;
  arm: number | 'control';
  before: { revenue: number; sessions: number };
  steps: Step[];
}

/** A batch: each visitor's steps, its class (or none), its arm and what it had before. */
const batches: fc.Arbitrary<PlannedVisitor[]> = fc.array(
  fc.record({
    of: fc.option(fc.constantFrom(...CLASSES), { nil: null }),
    arm: fc.constantFrom<number | 'control'>('control', 11),
    before: fc.record({ revenue: fc.integer({ min: 0, max: 50 }), sessions: fc.nat(3) }),
    steps: fc.array(
      fc.record({
        kind: fc.constantFrom<Step['kind']>('exposure', 'goal', 'revenue'),
        session: fc.nat(2),
        hour: fc.nat(2),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  }),
  { minLength: 1, maxLength: 6 },
);

/** The batch as storeBatch would hand it over (every visitor known, its first exposure new). */
function inputOf(visitors: PlannedVisitor[]) {
  const events: CollectEvent[] = [];
  const facts = new Map<string, VisitorFacts>();
  visitors.forEach(({ of, arm, steps }, v) => {
    const visitorId = `v${v}`;
    facts.set(`7:${visitorId}`, {
      arms: { '1': arm === 'control' ? 0 : arm },
      firstExposureAt: 0,
      visitorClass: of,
    });
    steps.forEach((step, s) => {
      const base = {
        id: `${v}-${s}`,
        campaignId: 7,
        visitorId,
        sessionId: `${visitorId}-${step.session}`,
        ts: step.hour * HOUR + s,
        url: 'https://a.example/',
      };
      events.push(
        step.kind === 'exposure'
          ? { ...base, type: 'exposure', assignments: { '1': arm }, applied: {} }
          : step.kind === 'goal'
            ? { ...base, type: 'goal', goalId: 5 }
            : { ...base, type: 'revenue', amount: 3 },
      );
    });
  });
  const firstOf = (key: (event: CollectEvent) => string) => {
    const first = new Map<string, string>();
    for (const event of events) {
      if (event.type === 'exposure' && !first.has(key(event))) first.set(key(event), event.id);
    }
    return first;
  };
  const newSessions = firstOf(sessionKey);
  const goals = new Set(events.filter((e) => e.type === 'goal').map((e) => e.id));
  const totalsChanges = visitorTotalsChanges({
    events,
    countedVisitors: new Set(facts.keys()),
    newSessions: new Set(newSessions.values()),
    newGoalSessions: goals,
  });
  const totals: VisitorTotals[] = totalsChanges.map((change) => {
    const before = visitors[Number(change.visitorId.slice(1))]!.before;
    return {
      campaignId: 7,
      visitorId: change.visitorId,
      arms: facts.get(visitorKey(change))!.arms,
      revenue: before.revenue + change.revenue,
      sessions: before.sessions + change.sessions,
      goalSessions: new Map([...change.goalSessions].map(([goal, n]) => [goal, n + 1])),
    };
  });
  const input = {
    events,
    newVisitors: firstOf(visitorKey),
    newSessions,
    visitors: facts,
    newGoalSessions: goals,
    newGoalVisitors: goals,
    conversions: new Set([...goals].filter((_id, i) => i % 2 === 0)),
  };
  return { input, totalsChanges, totals };
}

const keyOf = (row: { hour: number; elementId: number; arm: number; goalId: number }) =>
  `${row.hour}|${row.elementId}|${row.arm}|${row.goalId}`;

function summed(rows: readonly ClassRollupRow[]) {
  const sums = new Map<string, Record<(typeof COUNTERS)[number], number>>();
  for (const row of rows) {
    const sum = sums.get(keyOf(row)) ?? Object.fromEntries(COUNTERS.map((c) => [c, 0]));
    for (const counter of COUNTERS) sum[counter] = sum[counter] + row[counter];
    sums.set(keyOf(row), sum as Record<(typeof COUNTERS)[number], number>);
  }
  return sums;
}

/** Each split whose rows must add up to the campaign's rollups: the closed classes, each open one. */
type Split = [
  string,
  (input: SegmentRollupInput) => ClassRollupRow[],
  /** Which classes the split counts: a visitor stored before the open values has none. */
  (of: VisitorClass) => boolean,
];
const SPLITS: Split[] = [
  ['the closed classes (rollups_segments)', planSegmentRollups, () => true],
  ...OPEN_SEGMENT_DIMENSIONS.map((dimension): Split => [
    `the ${dimension} values (rollups_dimensions)`,
    (input) => planDimensionRollups(input).filter((row) => row.dimension === dimension),
    (of) => of.open !== null,
  ]),
];

describe('planSegmentRollups and planDimensionRollups', () => {
  it.each(SPLITS)(
    "add up, over a key's %s, to the rollup of the classed visitors' events",
    (_name, plan, countsIn) => {
      fc.assert(
        fc.property(batches, (visitors) => {
          const { input, totalsChanges, totals } = inputOf(visitors);
          const segments = plan({ ...input, totalsChanges, totals });
          const classed = (event: { campaignId: number; visitorId: string }) => {
            const of = input.visitors.get(visitorKey(event))?.visitorClass;
            return Boolean(of && countsIn(of));
          };
          const expected = planRollups({
            ...input,
            events: input.events.filter(classed),
            metricSquares: metricSquaresOf(totalsChanges.filter(classed), totals),
          });
          // Both plans may hold rows of zeros (a visitor's step that changed no square): unwritten.
          const counts = (row: Record<(typeof COUNTERS)[number], number>) =>
            COUNTERS.some((c) => row[c] !== 0);
          const sums = summed(segments);
          const nonZero = expected.filter(counts);
          const summedKeys = [...sums].filter(([, sum]) => counts(sum)).map(([key]) => key);
          expect(new Set(summedKeys)).toEqual(new Set(nonZero.map(keyOf)));
          for (const row of nonZero) {
            for (const counter of COUNTERS) {
              expect(sums.get(keyOf(row))![counter]).toBeCloseTo(row[counter], 9);
            }
          }
        }),
      );
    },
  );

  it("counts every event in its visitor's class, never in another", () => {
    fc.assert(
      fc.property(batches, (visitors) => {
        const { input, totalsChanges, totals } = inputOf(visitors);
        for (const row of planSegmentRollups({ ...input, totalsChanges, totals })) {
          const owners = visitors.filter(
            (v) => v.of !== null && (v.arm === 'control' ? 0 : v.arm) === row.arm,
          );
          expect(
            owners.some(
              (v) =>
                JSON.stringify({
                  browser: v.of!.browser,
                  device: v.of!.device,
                  visitorType: v.of!.visitorType,
                }) ===
                JSON.stringify({
                  browser: row.browser,
                  device: row.device,
                  visitorType: row.visitorType,
                }),
            ),
          ).toBe(true);
        }
      }),
    );
  });

  it("counts every event in its visitor's value of each open dimension, never in another", () => {
    fc.assert(
      fc.property(batches, (visitors) => {
        const { input, totalsChanges, totals } = inputOf(visitors);
        for (const row of planDimensionRollups({ ...input, totalsChanges, totals })) {
          const owners = visitors.filter(
            (v) => v.of !== null && (v.arm === 'control' ? 0 : v.arm) === row.arm,
          );
          expect(owners.some((v) => v.of?.open?.[row.dimension] === row.value)).toBe(true);
        }
      }),
    );
  });

  it('classes a first exposure by its sender, and none without a user agent', () => {
    const event = {
      id: 'e',
      campaignId: 7,
      visitorId: 'v',
      sessionId: 's',
      ts: 0,
      url: 'https://a.example/',
      type: 'exposure' as const,
      assignments: { '1': 'control' as const },
      applied: {},
      returning: true,
    };
    const phone = { agent: { browser: 'safari', device: 'phone' }, country: 'FR' } as const;
    expect(exposureClassOf(event, phone)).toEqual({
      browser: 'safari',
      device: 'phone',
      visitorType: 'returning',
      open: { ...OPEN, country: 'FR' },
    });
    const desktop = { agent: { browser: 'firefox', device: 'desktop' }, country: '(unknown)' };
    expect(
      exposureClassOf(
        {
          ...event,
          returning: undefined,
          referrer: 'news.example',
          url: 'https://a.example/?utm_source=Google%20&utm_medium=cpc&utm_campaign=',
        },
        desktop as typeof phone,
      ),
    ).toEqual({
      browser: 'firefox',
      device: 'desktop',
      visitorType: '(unknown)',
      open: { ...OPEN, referrer: '(unknown)', utm_source: 'google', utm_medium: 'cpc' },
    });
    expect(exposureClassOf(event, undefined)).toBeNull();
  });
});
