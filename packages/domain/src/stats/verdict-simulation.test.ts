import { describe, expect, it } from 'vitest';
import { comparisonPValue, conversionSummary, logRatio } from './comparison';
import type { ArmCounts } from './counts';
import { mixingVarianceFor, plannedSamplePerArm } from './plan';
import { mulberry32, type Prng } from './prng';
import { sampleNormal } from './random-variates';
import { elementVerdict, type StatsPlan } from './verdict';

// Issue 29, "Done when": seeded simulations of campaigns looked at every day.
const CAMPAIGNS = 2000;
const LOOKS = 14;
const BASELINE = 0.1;
const MDE = 0.1;
const SEQUENTIAL_PLAN = plannedSamplePerArm({
  baselineRate: BASELINE,
  minimumDetectableEffect: MDE,
  method: 'sequential',
})!;
const FIXED_PLAN = plannedSamplePerArm({
  baselineRate: BASELINE,
  minimumDetectableEffect: MDE,
  method: 'fixed',
})!;

/** Conversions of a day's visitors: binomial, by its normal approximation (n·p ≈ 200 here). */
function conversionsOf(random: Prng, visitors: number, rate: number): number {
  const mean = visitors * rate;
  const draw = Math.round(mean + Math.sqrt(mean * (1 - rate)) * sampleNormal(random));
  return Math.min(visitors, Math.max(0, draw));
}

/** One campaign's cumulative counts at each daily look, reaching `planned` per arm on day 14. */
function dailyLooks(random: Prng, lift: number, planned: number): ArmCounts[][] {
  const perDay = Math.ceil(planned / LOOKS);
  const arms = [
    { visitors: 0, conversions: 0 },
    { visitors: 0, conversions: 0 },
  ];
  const looks: ArmCounts[][] = [];
  for (let day = 0; day < LOOKS; day++) {
    arms[0]!.visitors += perDay;
    arms[0]!.conversions += conversionsOf(random, perDay, BASELINE);
    arms[1]!.visitors += perDay;
    arms[1]!.conversions += conversionsOf(random, perDay, BASELINE * (1 + lift));
    looks.push(arms.map((arm) => ({ ...arm })));
  }
  return looks;
}

const METRIC = {
  id: 'goal',
  name: 'Sign-up',
  role: 'primary',
  lowerIsBetter: false,
  kind: 'conversion',
} as const;

function stateAt(look: ArmCounts[], plan: StatsPlan) {
  return elementVerdict({
    arms: look.map((arm, index) => ({
      variantId: index === 0 ? null : index,
      label: index === 0 ? 'The original' : `Variant ${index}`,
      visitors: arm.visitors,
      paused: false,
    })),
    metrics: [{ definition: METRIC, arms: look.map(conversionSummary) }],
    srmFlagged: false,
    plan,
  }).verdict.state;
}

const planOf = (method: 'sequential' | 'fixed'): StatsPlan => ({
  method,
  correction: 'holm',
  minimumDetectableEffect: MDE,
  mixingVariance: mixingVarianceFor(MDE),
  plannedPerArm: method === 'sequential' ? SEQUENTIAL_PLAN : FIXED_PLAN,
});

/** Share of campaigns whose verdict was `winner` at any of the 14 looks. */
function everDeclared(
  lift: number,
  seed: number,
  planned: number,
  declares: (look: ArmCounts[]) => boolean,
) {
  const random = mulberry32(seed);
  let declared = 0;
  for (let c = 0; c < CAMPAIGNS; c++) {
    if (dailyLooks(random, lift, planned).some(declares)) declared++;
  }
  return declared / CAMPAIGNS;
}

describe('verdicts looked at every day (seeded simulation, 2,000 campaigns, 14 looks)', () => {
  it('A/A: the sequential verdict declares a false winner in at most 5% of campaigns', () => {
    const plan = planOf('sequential');
    const rate = everDeclared(0, 29, SEQUENTIAL_PLAN, (look) => stateAt(look, plan) === 'winner');
    console.log(
      `A/A, sequential verdict: ${(rate * 100).toFixed(1)}% of campaigns ever showed a winner`,
    );
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('A/A: reading a fixed-horizon p-value at every look would call far more; the verdict refuses', () => {
    const settings = { method: 'fixed' as const, mixingVariance: 0 };
    const peeked = everDeclared(0, 29, FIXED_PLAN, (look) => {
      const ratio = logRatio(conversionSummary(look[0]!), conversionSummary(look[1]!));
      return ratio !== null && ratio.estimate > 0 && comparisonPValue(ratio, settings) < 0.05;
    });
    const plan = planOf('fixed');
    const verdicts = everDeclared(0, 29, FIXED_PLAN, (look) => stateAt(look, plan) === 'winner');
    console.log(
      `A/A, fixed-horizon p < 0.05 read at each of 14 looks: ${(peeked * 100).toFixed(1)}% false winners; ` +
        `the fixed verdict, read only at its planned sample: ${(verdicts * 100).toFixed(1)}%`,
    );
    // One-sided (winners only): 2.5% at a single look, several times that when peeking.
    expect(peeked).toBeGreaterThan(0.06);
    expect(verdicts).toBeLessThanOrEqual(0.035);
  });

  it('a true 10% lift: prints the power the sequential verdict reaches by the planned sample', () => {
    const plan = planOf('sequential');
    const power = everDeclared(MDE, 7, SEQUENTIAL_PLAN, (look) => stateAt(look, plan) === 'winner');
    console.log(
      `True +10% lift, sequential verdict by day 14 (${SEQUENTIAL_PLAN} visitors per arm planned): power ${(power * 100).toFixed(1)}%`,
    );
    expect(power).toBeGreaterThan(0.7);
  });
});
