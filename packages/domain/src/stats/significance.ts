import { probabilityBetaExceeds } from './beta';
import { assertArmCounts, type ArmCounts } from './counts';
import { holmAdjust } from './holm';
import { SEQUENTIAL_MIXING_SD, sequentialInterval } from './sequential';
import { sampleRatioMismatch, type SrmResult } from './srm';
import { twoProportionZTest } from './two-proportion';
import { relativeUplift, type Interval } from './uplift';

/** Below this many exposures in either arm, results are shown as not yet conclusive. */
export const ENOUGH_DATA_EXPOSURES = 100;

export interface VariantSignificance {
  /** P(variant rate > control rate), Beta(1, 1) priors, exact. */
  chanceToBeatControl: number;
  /** Relative uplift and its delta-method 95% interval (see relativeUplift for the nulls). */
  uplift: { estimate: number; ci95: Interval | null } | null;
  /** Two-sided two-proportion z-test; 1 when there is nothing to test. */
  pValue: number;
  /** Holm-adjusted over every variant of every element of the campaign (or funnel). */
  adjustedPValue: number;
  /** Always-valid 95% interval of the relative uplift (mSPRT); null when ci95 is. */
  sequentialCi95: Interval | null;
  /** Both arms have at least ENOUGH_DATA_EXPOSURES exposures. */
  enoughData: boolean;
}

const posterior = ({ visitors, conversions }: ArmCounts) => ({
  alpha: 1 + conversions,
  beta: 1 + visitors - conversions,
});

/** One variant against its control, before the campaign-wide Holm adjustment. */
export function compareToControl(
  control: ArmCounts,
  variant: ArmCounts,
): Omit<VariantSignificance, 'adjustedPValue'> {
  assertArmCounts(control);
  assertArmCounts(variant);
  const uplift = relativeUplift(control, variant);
  return {
    chanceToBeatControl: probabilityBetaExceeds(posterior(control), posterior(variant)),
    uplift: uplift && { estimate: uplift.estimate, ci95: uplift.ci95 },
    pValue: twoProportionZTest(control, variant).pValue,
    sequentialCi95: uplift?.ci95
      ? sequentialInterval({
          estimate: uplift.estimate,
          variance: uplift.variance,
          mixingVariance: SEQUENTIAL_MIXING_SD ** 2,
        })
      : null,
    enoughData: Math.min(control.visitors, variant.visitors) >= ENOUGH_DATA_EXPOSURES,
  };
}

/** Adds Holm-adjusted p-values over the whole family, keeping its nesting. */
export function withHolm<T extends { pValue: number }>(
  groups: readonly (readonly T[])[],
): (T & { adjustedPValue: number })[][] {
  const adjusted = holmAdjust(groups.flat().map((c) => c.pValue));
  let next = 0;
  return groups.map((group) => group.map((c) => ({ ...c, adjustedPValue: adjusted[next++]! })));
}

export interface ElementCounts {
  control: ArmCounts;
  variants: readonly ArmCounts[];
  /** Expected traffic split, control first; equal by default. */
  expectedWeights?: readonly number[];
}

export interface ElementSignificance {
  variants: VariantSignificance[];
  srm: SrmResult;
}

/** Every variant against its element's control, Holm over the campaign, and SRM per element. */
export function campaignSignificance({ elements }: { elements: readonly ElementCounts[] }): {
  elements: ElementSignificance[];
} {
  const compared = withHolm(
    elements.map(({ control, variants }) => variants.map((v) => compareToControl(control, v))),
  );
  return {
    elements: elements.map(({ control, variants, expectedWeights }, i) => {
      const exposures = [control, ...variants].map((arm) => arm.visitors);
      return {
        variants: compared[i]!,
        srm: sampleRatioMismatch({
          exposures,
          expectedWeights: expectedWeights ?? exposures.map(() => 1),
        }),
      };
    }),
  };
}
