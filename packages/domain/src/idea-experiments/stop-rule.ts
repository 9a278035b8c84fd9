import { isDecision } from '../stats/auto-stop';
import { assertArmCounts } from '../stats/counts';
import { MINIMUM_VISITORS_PER_ARM } from '../stats/significance';
import { SEQUENTIAL_ALPHA, sequentialInterval } from '../stats/sequential';
import type { Verdict } from '../stats/verdict';
import { EXPERIMENT_VIEW_LIMIT } from './input';

/** One arm of an idea experiment: the original first, then the variants in order. */
export interface ExperimentArm {
  /** Exposures: page views that showed this arm. */
  views: number;
  /** Distinct visitors shown this arm. */
  visitors: number;
  /** Visitors among them who signed up. */
  signups: number;
}

const counts = (arm: ExperimentArm) => ({ visitors: arm.visitors, conversions: arm.signups });
const rate = (arm: ExperimentArm) => (arm.visitors === 0 ? 0 : arm.signups / arm.visitors);

/**
 * The mixing sd as a share of the pooled rate. An idea test looks for big differences (a new
 * headline that doubles sign-ups), so the interval is tightest around a 50% relative difference,
 * where the results screen's SEQUENTIAL_MIXING_SD aims at 10%: stopping comes sooner for big
 * effects, and small ones run to the view limit.
 */
export const IDEA_MIXING_SHARE = 0.5;

/**
 * The idea campaign's minimum detectable effect, which tunes its always-valid verdict (the one
 * that stops it early and that the screen shows): a big difference, as IDEA_MIXING_SHARE.
 */
export const IDEA_MINIMUM_DETECTABLE_EFFECT = 0.5;

/**
 * Whether `a` signs up clearly more than `b`: the always-valid (mSPRT) interval of the rate
 * difference lies wholly above 0. The difference, not the relative uplift of the results
 * screen, because the uplift is undefined when `b` has no sign-ups, a common state early on.
 */
export function clearlyBetter(a: ExperimentArm, b: ExperimentArm, alpha: number): boolean {
  assertArmCounts(counts(a));
  assertArmCounts(counts(b));
  if (a.visitors === 0 || b.visitors === 0) return false;
  const pa = rate(a);
  const pb = rate(b);
  const variance = (pa * (1 - pa)) / a.visitors + (pb * (1 - pb)) / b.visitors;
  const pooled = (a.signups + b.signups) / (a.visitors + b.visitors);
  if (variance === 0 || pooled === 0) return false;
  const [low] = sequentialInterval({
    estimate: pa - pb,
    variance,
    mixingVariance: (IDEA_MIXING_SHARE * pooled) ** 2,
    alpha,
  });
  return low > 0;
}

/**
 * The arm (0: the original) that beats every other arm clearly, or null. Every pair is a
 * comparison someone could act on, so alpha is split over all of them (Bonferroni): stopping on
 * the first look that shows a winner stays honest however often the rule is checked. Below
 * MINIMUM_VISITORS_PER_ARM visitors in any arm the normal approximation is not trusted.
 */
export function clearWinner(arms: readonly ExperimentArm[]): number | null {
  if (arms.length < 2) return null;
  if (arms.some((arm) => arm.visitors < MINIMUM_VISITORS_PER_ARM)) return null;
  const pairs = (arms.length * (arms.length - 1)) / 2;
  const alpha = SEQUENTIAL_ALPHA / pairs;
  const leader = arms.reduce(
    (best, arm, index) => (rate(arm) > rate(arms[best]!) ? index : best),
    0,
  );
  const beatsAll = arms.every(
    (arm, index) => index === leader || clearlyBetter(arms[leader]!, arm, alpha),
  );
  return beatsAll ? leader : null;
}

/**
 * Why the experiment should stop now, or null to keep it running: every arm reached the view
 * limit (its planned sample), or earlier the campaign's verdict on the headline (the stats
 * endpoint's, which the screen shows) is an always-valid decision: the auto-stop rule's
 * (stats/auto-stop.ts), so the test never stops on something the screen does not say.
 */
export function experimentStopReason(
  arms: readonly ExperimentArm[],
  verdict: Pick<Verdict, 'state' | 'method'>,
  viewLimit: number = EXPERIMENT_VIEW_LIMIT,
): 'view_limit' | 'clear_winner' | null {
  if (arms.length > 0 && arms.every((arm) => arm.views >= viewLimit)) return 'view_limit';
  return verdict.method === 'sequential' && isDecision(verdict.state) ? 'clear_winner' : null;
}
