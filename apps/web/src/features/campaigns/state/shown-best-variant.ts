import type { PerformanceFigures } from '@kindling/domain';

/**
 * The best variant's uplift and chance to beat the original as the row shows them, or null for
 * "not enough data yet": too few views, no variant, or either figure missing (the server leaves
 * both out below the minimum sample of each arm), so one is never shown without the other.
 */
export function shownBestVariant(
  figures: PerformanceFigures,
): { uplift: number; chanceToBeatControl: number } | null {
  const best = figures.bestVariant;
  if (!figures.enoughData || !best) return null;
  const { uplift, chanceToBeatControl } = best;
  if (uplift === null || chanceToBeatControl === null) return null;
  return { uplift, chanceToBeatControl };
}
