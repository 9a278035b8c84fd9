import type { VariantSignificance } from '@kindling/domain';
import type { ElementStatsAnswer } from './stats-answer';

/** Holm-adjusted p-values below this count as significant. */
export const SIGNIFICANCE_LEVEL = 0.05;

export type Verdict =
  | { kind: 'noData' }
  | { kind: 'sampleRatioMismatch'; pValue: number }
  | { kind: 'notEnoughData' }
  | { kind: 'winner'; variantKey: string; chanceToBeatControl: number }
  | { kind: 'originalWins' }
  | { kind: 'inconclusive' };

const isSignificant = (s: VariantSignificance) =>
  s.enoughData && s.adjustedPValue < SIGNIFICANCE_LEVEL;
const beatsControl = (s: VariantSignificance) => s.chanceToBeatControl > 0.5;

/**
 * One element's verdict. A skewed split (SRM) makes every comparison suspect, so it overrides
 * the rest; then no verdict before the original and some variant have enough exposures; then
 * the variant that beats the original significantly (the likeliest if several do), or the
 * original when every variant loses significantly, else inconclusive.
 */
export function elementVerdict(element: ElementStatsAnswer | undefined): Verdict {
  const arms = element ? Object.entries(element.variants) : [];
  const exposures = arms.reduce((sum, [, arm]) => sum + arm.overall.cumulative.views, 0);
  if (!element || exposures === 0) return { kind: 'noData' };
  // A bandit campaign answers no SRM (null): its split follows the results.
  if (element.srm?.flagged) return { kind: 'sampleRatioMismatch', pValue: element.srm.pValue };
  const variants = arms.flatMap(([key, arm]) =>
    arm.significance ? [{ key, significance: arm.significance }] : [],
  );
  if (!variants.some((v) => v.significance.enoughData)) return { kind: 'notEnoughData' };
  const winners = variants
    .filter((v) => isSignificant(v.significance) && beatsControl(v.significance))
    .sort((a, b) => b.significance.chanceToBeatControl - a.significance.chanceToBeatControl);
  const best = winners[0];
  if (best) {
    return {
      kind: 'winner',
      variantKey: best.key,
      chanceToBeatControl: best.significance.chanceToBeatControl,
    };
  }
  const allLose = variants.every(
    (v) => isSignificant(v.significance) && !beatsControl(v.significance),
  );
  return allLose ? { kind: 'originalWins' } : { kind: 'inconclusive' };
}
