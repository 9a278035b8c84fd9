import { probabilityBetaExceeds } from './beta';
import {
  conversionSummary,
  pairTest,
  type ArmSummary,
  type MetricType,
  type TestMethod,
} from './comparison';
import { assertArmCounts, type ArmCounts } from './counts';
import { adjustFamily, type Correction } from './family';
import { DEFAULT_MINIMUM_DETECTABLE_EFFECT, mixingVarianceFor } from './plan';
import { sampleRatioMismatch, type SrmResult } from './srm';
import type { Interval } from './uplift';

/** Below this many visitors in either arm, no chance, uplift or verdict is shown. */
export const MINIMUM_VISITORS_PER_ARM = 100;
/** The family-wise (Holm) or false-discovery (Benjamini-Hochberg) rate of every verdict. */
export const VERDICT_ALPHA = 0.05;

/** How a family of comparisons is tested: the campaign's method and the team's correction. */
export interface ComparisonSettings {
  method: TestMethod;
  correction: Correction;
  /** τ² of the sequential test, fixed from the MDE (plan.ts). */
  mixingVariance: number;
}

/** Campaigns that chose nothing: sequential, Holm, tuned to a 10% effect. */
export const DEFAULT_COMPARISON_SETTINGS: ComparisonSettings = {
  method: 'sequential',
  correction: 'holm',
  mixingVariance: mixingVarianceFor(DEFAULT_MINIMUM_DETECTABLE_EFFECT),
};

/** One variant against its control, as a member of its family of comparisons. */
export interface Compared {
  /** Relative change e^θ̂ - 1; null when not estimable (a mean of 0, no variance). */
  estimate: number | null;
  /** Relative interval at `level`, the inversion of the test that gave `pValue`. */
  interval: Interval | null;
  /** 0.95 for a lone comparison; more after the family correction. */
  level: number;
  pValue: number;
  adjustedPValue: number;
  /** adjustedPValue < VERDICT_ALPHA, exactly when `interval` excludes 0. */
  significant: boolean;
}

/**
 * Compares each pair (comparison.ts `pairTest`: the log ratio, or Welch for a mean at fixed
 * horizon) and corrects the family: the p-value, the interval and `significant` come from one
 * test (family.ts).
 */
export function compareFamily(
  pairs: readonly { control: ArmSummary; variant: ArmSummary }[],
  settings: ComparisonSettings,
  kind: MetricType = 'conversion',
): Compared[] {
  const tests = pairs.map(({ control, variant }) => pairTest(control, variant, settings, kind));
  const pValues = tests.map((test) => test?.pValue ?? 1);
  const adjusted = adjustFamily(pValues, { correction: settings.correction, alpha: VERDICT_ALPHA });
  return tests.map((test, i) => {
    const { adjustedPValue, significant, intervalAlpha } = adjusted[i]!;
    return {
      estimate: test?.estimate ?? null,
      interval: test?.interval(intervalAlpha) ?? null,
      level: 1 - intervalAlpha,
      pValue: pValues[i]!,
      adjustedPValue,
      significant: test !== null && significant,
    };
  });
}

/** A conversion comparison as the results show it. */
export interface VariantSignificance {
  /** P(variant rate > control rate), Beta(1, 1) priors, exact; null below the minimum sample. */
  chanceToBeatControl: number | null;
  /** The relative uplift and its interval; null below the minimum sample or when undefined. */
  uplift: { estimate: number; interval: Interval | null; level: number } | null;
  method: TestMethod;
  pValue: number;
  adjustedPValue: number;
  /** Corrected over the family and with the minimum sample: the interval excludes 0. */
  significant: boolean;
  /** Both arms have at least MINIMUM_VISITORS_PER_ARM visitors. */
  enoughData: boolean;
}

const posterior = ({ visitors, conversions }: ArmCounts) => ({
  alpha: 1 + conversions,
  beta: 1 + visitors - conversions,
});

/**
 * Conversion comparisons of one family (an element's running variants; a funnel's steps):
 * below MINIMUM_VISITORS_PER_ARM in either arm nothing is claimed (no chance, no uplift, not
 * significant), since the normal approximation behind the test is not trusted there.
 */
export function conversionFamily(
  pairs: readonly { control: ArmCounts; variant: ArmCounts }[],
  settings: ComparisonSettings = DEFAULT_COMPARISON_SETTINGS,
): VariantSignificance[] {
  for (const { control, variant } of pairs) {
    assertArmCounts(control);
    assertArmCounts(variant);
  }
  const compared = compareFamily(
    pairs.map(({ control, variant }) => ({
      control: conversionSummary(control),
      variant: conversionSummary(variant),
    })),
    settings,
  );
  return pairs.map(({ control, variant }, i) => {
    const c = compared[i]!;
    const enoughData = Math.min(control.visitors, variant.visitors) >= MINIMUM_VISITORS_PER_ARM;
    return {
      chanceToBeatControl: enoughData
        ? probabilityBetaExceeds(posterior(control), posterior(variant))
        : null,
      uplift:
        enoughData && c.estimate !== null
          ? { estimate: c.estimate, interval: c.interval, level: c.level }
          : null,
      method: settings.method,
      pValue: c.pValue,
      adjustedPValue: c.adjustedPValue,
      significant: enoughData && c.significant,
      enoughData,
    };
  });
}

export interface ElementCounts {
  control: ArmCounts;
  variants: readonly ArmCounts[];
  /** Variants not served in the range (paused throughout): out of the family and of SRM. */
  paused?: readonly boolean[];
  /** Expected traffic split, control first; equal by default. */
  expectedWeights?: readonly number[];
}

export interface ElementSignificance {
  /** One per variant; null for a paused one. */
  variants: (VariantSignificance | null)[];
  srm: SrmResult;
}

/** The element's running variants against its control as one family, and its SRM. */
export function elementSignificance(
  { control, variants, paused = [], expectedWeights }: ElementCounts,
  settings: ComparisonSettings = DEFAULT_COMPARISON_SETTINGS,
): ElementSignificance {
  const running = variants.flatMap((variant, index) => (paused[index] ? [] : [{ index, variant }]));
  const compared = conversionFamily(
    running.map(({ variant }) => ({ control, variant })),
    settings,
  );
  const answer: (VariantSignificance | null)[] = variants.map(() => null);
  running.forEach(({ index }, i) => (answer[index] = compared[i]!));
  const arms = [control, ...variants];
  const weights = expectedWeights ?? arms.map(() => 1);
  return {
    variants: answer,
    srm: sampleRatioMismatch({
      exposures: arms.map((arm) => arm.visitors),
      expectedWeights: weights.map((weight, index) =>
        index > 0 && paused[index - 1] ? 0 : weight,
      ),
    }),
  };
}
