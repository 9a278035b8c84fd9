import { describe, expect, it } from 'vitest';
import { conversionSummary } from './comparison';
import type { ArmCounts } from './counts';
import { mixingVarianceFor } from './plan';
import { elementSignificance } from './significance';
import {
  compareMetric,
  elementVerdict,
  type ComparedArm,
  type MetricDefinition,
  type StatsPlan,
} from './verdict';

const SIGN_UP: MetricDefinition = {
  id: 'goal-1',
  name: 'Sign-up',
  role: 'primary',
  lowerIsBetter: false,
  kind: 'conversion',
};
const REFUNDS: MetricDefinition = {
  id: 'goal-2',
  name: 'Refund request',
  role: 'guardrail',
  lowerIsBetter: true,
  kind: 'conversion',
};

const plan = (overrides: Partial<StatsPlan> = {}): StatsPlan => ({
  method: 'sequential',
  correction: 'holm',
  minimumDetectableEffect: 0.1,
  mixingVariance: mixingVarianceFor(0.1),
  plannedPerArm: 10_000,
  ...overrides,
});

const armsOf = (counts: readonly (ArmCounts & { paused?: boolean })[]): ComparedArm[] =>
  counts.map((arm, index) => ({
    variantId: index === 0 ? null : index,
    label: index === 0 ? 'The original' : `Variant ${index}`,
    visitors: arm.visitors,
    paused: arm.paused ?? false,
  }));

function verdictOf(
  counts: readonly (ArmCounts & { paused?: boolean })[],
  options: { plan?: StatsPlan; guardrail?: readonly ArmCounts[]; srmFlagged?: boolean } = {},
) {
  return elementVerdict({
    arms: armsOf(counts),
    metrics: [
      { definition: SIGN_UP, arms: counts.map(conversionSummary) },
      ...(options.guardrail
        ? [{ definition: REFUNDS, arms: options.guardrail.map(conversionSummary) }]
        : []),
    ],
    srmFlagged: options.srmFlagged ?? false,
    plan: options.plan ?? plan(),
  });
}

describe('a paused variant (issue 29, item 3)', () => {
  const counts = [
    { visitors: 5000, conversions: 250 },
    { visitors: 5000, conversions: 300 },
    { visitors: 0, conversions: 0, paused: true },
  ];

  it('is left out of SRM and of the Holm family: the running variant keeps its raw p', () => {
    const [control, ...variants] = counts;
    const paused = variants.map((v) => v.paused ?? false);
    const element = elementSignificance({ control: control!, variants, paused });
    expect(element.srm).toMatchObject({ flagged: false, pValue: 1 });
    expect(element.variants[1]).toBeNull();
    expect(element.variants[0]!.adjustedPValue).toBe(element.variants[0]!.pValue);
    // Without the pause, the empty arm is an impossible split.
    expect(elementSignificance({ control: control!, variants }).srm.flagged).toBe(true);
    for (const method of ['fixed', 'sequential'] as const) {
      const compared = compareMetric({
        arms: armsOf(counts),
        plan: plan({ method }),
        definition: SIGN_UP,
        summaries: counts.map(conversionSummary),
      });
      expect(compared).toHaveLength(1);
      expect(compared[0]!.variantId).toBe(1);
      expect(compared[0]!.adjustedPValue).toBe(compared[0]!.pValue);
      expect(compared[0]!.level).toBe(0.95);
    }
  });

  it('reads as a winner at the fixed horizon once the plan is reached (its own p, not doubled)', () => {
    const { verdict, comparisons } = verdictOf(counts, {
      plan: plan({ method: 'fixed', plannedPerArm: 5000 }),
    });
    // θ̂ = ln 1.2 = 0.182322, V = 0.95/250 + 0.94/300 = 0.0069333, z = 2.18958,
    // p = 2·Φ(-z) = 0.028552 (R: 2 * pnorm(-2.18958)); Holm over two would double it.
    expect(comparisons[0]!.pValue).toBeCloseTo(0.028552, 5);
    expect(verdict).toMatchObject({ state: 'winner', variantId: 1, method: 'fixed' });
    expect(verdict.summary).toBe(
      'Variant 1 converts 20% more often than the original (95% interval +2% to +41%). It is safe to ship.',
    );
  });
});

describe('elementVerdict', () => {
  it('shows nothing but what is missing below the minimum sample', () => {
    const { verdict } = verdictOf([
      { visitors: 10, conversions: 1 },
      { visitors: 10, conversions: 4 },
      { visitors: 12, conversions: 0 },
    ]);
    expect(verdict).toMatchObject({
      state: 'not_enough_data',
      visitorsNeeded: 268,
      variantId: null,
    });
    expect(verdict.summary).toBe(
      'Not enough data yet: needs 268 more visitors (at least 100 in each version).',
    );
  });

  it('says sample ratio mismatch before anything else', () => {
    const { verdict } = verdictOf(
      [
        { visitors: 5000, conversions: 250 },
        { visitors: 5000, conversions: 400 },
      ],
      { srmFlagged: true },
    );
    expect(verdict.state).toBe('sample_ratio_mismatch');
  });

  it('refuses a fixed-horizon verdict before its planned sample, however small the p-value', () => {
    const { verdict, comparisons } = verdictOf(
      [
        { visitors: 6400, conversions: 320 },
        { visitors: 6400, conversions: 480 },
      ],
      { plan: plan({ method: 'fixed', plannedPerArm: 10_000 }) },
    );
    expect(comparisons[0]!.significant).toBe(true);
    expect(verdict).toMatchObject({ state: 'keep_running', visitorsNeeded: 7200 });
    expect(verdict.summary).toBe(
      'Keep running: 64% of the planned visitors. A fixed-horizon test is read only at its planned sample.',
    );
  });

  it('declares a sequential winner with its always-valid interval', () => {
    const { verdict, comparisons } = verdictOf([
      { visitors: 20_000, conversions: 2000 },
      { visitors: 20_000, conversions: 2300 },
    ]);
    expect(comparisons[0]!.significant).toBe(true);
    expect(comparisons[0]!.interval![0]).toBeGreaterThan(0);
    expect(verdict.state).toBe('winner');
    expect(verdict.summary).toMatch(
      /^Variant 1 converts 15% more often than the original \(95% always-valid interval \+\d+% to \+\d+%\)\. It is safe to ship\.$/,
    );
  });

  it('turns a winner that harms a guardrail into guardrail_harm, naming the metric', () => {
    const { verdict } = verdictOf(
      [
        { visitors: 20_000, conversions: 2000 },
        { visitors: 20_000, conversions: 2300 },
      ],
      {
        guardrail: [
          { visitors: 20_000, conversions: 200 },
          { visitors: 20_000, conversions: 400 },
        ],
      },
    );
    expect(verdict).toMatchObject({ state: 'guardrail_harm', variantId: 1, metricId: 'goal-2' });
    expect(verdict.summary).toMatch(
      /but it harms the guardrail Refund request: Variant 1 converts 100% more often/,
    );
    expect(verdict.summary).toMatch(/Do not ship it as it is\.$/);
  });

  it('picks an unharmed winner over a harmed better one', () => {
    const { verdict } = verdictOf(
      [
        { visitors: 20_000, conversions: 2000 },
        { visitors: 20_000, conversions: 2500 },
        { visitors: 20_000, conversions: 2300 },
      ],
      {
        guardrail: [
          { visitors: 20_000, conversions: 200 },
          { visitors: 20_000, conversions: 400 },
          { visitors: 20_000, conversions: 205 },
        ],
      },
    );
    expect(verdict).toMatchObject({ state: 'winner', variantId: 2 });
  });

  it('lets the original win when every variant is significantly worse', () => {
    const { verdict } = verdictOf([
      { visitors: 20_000, conversions: 2300 },
      { visitors: 20_000, conversions: 2000 },
      { visitors: 20_000, conversions: 1900 },
    ]);
    expect(verdict.state).toBe('original_wins');
    expect(verdict.summary).toMatch(
      /^The original does better than every variant: Variant 1 converts 13% less often/,
    );
  });

  it('says no difference when every interval lies inside the MDE', () => {
    const { verdict } = verdictOf([
      { visitors: 400_000, conversions: 40_000 },
      { visitors: 400_000, conversions: 40_100 },
    ]);
    expect(verdict.state).toBe('no_difference');
    expect(verdict.summary).toBe(
      'No difference worth having: every variant is within ±10% of the original on Sign-up. Keep whichever is simpler.',
    );
  });

  it('keeps running while the interval is wide, with the share of the plan', () => {
    const { verdict } = verdictOf([
      { visitors: 2000, conversions: 200 },
      { visitors: 2000, conversions: 210 },
    ]);
    expect(verdict).toMatchObject({
      state: 'keep_running',
      summary: 'Keep running: no clear difference yet (20% of the planned visitors).',
    });
  });

  it('reads lower-is-better metrics the right way round', () => {
    const bounce = { ...SIGN_UP, name: 'Bounce', lowerIsBetter: true };
    const counts = [
      { visitors: 20_000, conversions: 8000 },
      { visitors: 20_000, conversions: 7000 },
    ];
    const { verdict } = elementVerdict({
      arms: armsOf(counts),
      metrics: [{ definition: bounce, arms: counts.map(conversionSummary) }],
      srmFlagged: false,
      plan: plan(),
    });
    expect(verdict).toMatchObject({ state: 'winner', variantId: 1 });
  });
});
