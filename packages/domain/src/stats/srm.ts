import { chiSquareSf } from './chi-square';

/** A sample ratio mismatch is flagged below this p-value (the customary, strict threshold). */
export const SRM_ALPHA = 0.001;

export interface SrmResult {
  /**
   * Pearson's chi-square statistic of the exposures against the expected split; null when it
   * is infinite (exposures in an arm of weight 0), which JSON could not carry.
   */
  statistic: number | null;
  pValue: number;
  flagged: boolean;
}

export interface SrmInput {
  /** Exposures per arm, control first. */
  exposures: readonly number[];
  /** Expected traffic weights, same order; any positive scale (they are normalised). */
  expectedWeights: readonly number[];
}

/**
 * Sample ratio mismatch: Pearson's chi-square goodness-of-fit of the exposures against the
 * expected split (Fabijan et al., "Diagnosing Sample Ratio Mismatch in Online Controlled
 * Experiments", KDD 2019), k - 1 degrees of freedom over the arms with positive weight.
 * No exposures, or a single weighted arm, answer p = 1. Exposures in an arm of weight 0 are
 * an impossible split: p = 0, flagged.
 */
export function sampleRatioMismatch({ exposures, expectedWeights }: SrmInput): SrmResult {
  if (exposures.length !== expectedWeights.length) {
    throw new RangeError('One expected weight per arm');
  }
  if (expectedWeights.some((w) => !(w >= 0 && Number.isFinite(w)))) {
    throw new RangeError('Expected weights are finite and >= 0');
  }
  if (exposures.some((n) => !(Number.isSafeInteger(n) && n >= 0))) {
    throw new RangeError('Exposures are whole numbers >= 0');
  }
  const total = exposures.reduce((sum, n) => sum + n, 0);
  const weightSum = expectedWeights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || weightSum === 0) return { statistic: 0, pValue: 1, flagged: false };
  let statistic = 0;
  let weighted = 0;
  for (let i = 0; i < exposures.length; i++) {
    const observed = exposures[i]!;
    const expected = (total * expectedWeights[i]!) / weightSum;
    if (expected === 0) {
      if (observed > 0) return { statistic: null, pValue: 0, flagged: true };
      continue;
    }
    weighted++;
    statistic += (observed - expected) ** 2 / expected;
  }
  const pValue = weighted < 2 ? 1 : chiSquareSf(statistic, weighted - 1);
  return { statistic, pValue, flagged: pValue < SRM_ALPHA };
}
