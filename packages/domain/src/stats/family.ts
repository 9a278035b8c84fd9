import { holmAdjust } from './holm';

export type Correction = 'holm' | 'benjamini-hochberg';
export const CORRECTIONS = ['holm', 'benjamini-hochberg'] as const satisfies readonly Correction[];

export interface AdjustedTest {
  /** The p-value adjusted over the family (R's `p.adjust`). */
  adjustedPValue: number;
  /** Rejected at the family's α: adjustedPValue < α. */
  significant: boolean;
  /**
   * The level the comparison's interval is drawn at, chosen so that the interval excludes the
   * null exactly when the test is `significant` (its raw p-value is below this level exactly
   * then): one answer from one statistic.
   */
  intervalAlpha: number;
}

/**
 * Benjamini & Hochberg's step-up adjustment ("Controlling the false discovery rate", JRSS B 57,
 * 1995), as R's `p.adjust(p, "BH")`: p̃(i) = min_{j>=i} min(1, m p(j) / j).
 */
export function benjaminiHochbergAdjust(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-values lie in [0, 1], got ${p}`);
  }
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => b.p - a.p);
  const adjusted = new Array<number>(m);
  let runningMin = 1;
  order.forEach(({ p, index }, fromTop) => {
    runningMin = Math.min(runningMin, (m * p) / (m - fromTop));
    adjusted[index] = runningMin;
  });
  return adjusted;
}

/**
 * Adjusts a family of raw p-values and gives each test the interval level that agrees with its
 * verdict. With the p-values sorted, p(1) <= ... <= p(m), and k the number rejected:
 * - Holm rejects p(1..k), the longest run with p(j) < α/(m-j+1). Rejected tests get their own
 *   threshold α/(m-j+1) (their p is below it); the rest get α/(m-k), the threshold the first
 *   unrejected one missed, which every later p also misses (p(j) >= p(k+1) >= α/(m-k)).
 * - Benjamini-Hochberg rejects p(1..k), k the largest j with p(j) <= jα/m. Every test gets
 *   max(k, 1)·α/m: rejected ones lie at or under it, and the others above jα/m >= that.
 * Rejection uses the same inequality as the interval (p below the level; BH's boundary case
 * p = level counts as not rejected, so `significant` always matches the interval).
 */
export function adjustFamily(
  pValues: readonly number[],
  { correction, alpha }: { correction: Correction; alpha: number },
): AdjustedTest[] {
  const m = pValues.length;
  if (m === 0) return [];
  const adjusted = correction === 'holm' ? holmAdjust(pValues) : benjaminiHochbergAdjust(pValues);
  const sorted = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const levels = new Array<number>(m);
  if (correction === 'holm') {
    let rejected = 0;
    while (rejected < m && sorted[rejected]!.p < alpha / (m - rejected)) rejected++;
    sorted.forEach(({ index }, rank) => {
      levels[index] = alpha / (m - Math.min(rank, rejected));
    });
  } else {
    let rejected = 0;
    sorted.forEach(({ p }, rank) => {
      if (p < ((rank + 1) * alpha) / m) rejected = rank + 1;
    });
    levels.fill(Math.min(alpha, (Math.max(rejected, 1) * alpha) / m));
  }
  return pValues.map((p, index) => ({
    adjustedPValue: adjusted[index]!,
    significant: p < levels[index]!,
    intervalAlpha: levels[index]!,
  }));
}
