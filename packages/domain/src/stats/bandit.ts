import { assertArmCounts, type ArmCounts } from './counts';
import type { Prng } from './prng';
import { sampleBeta } from './random-variates';

/** Monte Carlo draws for the probability each arm is best: standard error below 0.005. */
export const BANDIT_DRAWS = 10_000;
/** No arm's traffic drops below this share, so a loser can still recover. */
export const BANDIT_FLOOR = 0.01;

export interface ProbabilityBestInput {
  /** Control first, then the variants. */
  arms: readonly ArmCounts[];
  /** Seeded uniform source: the same seed gives the same answer. */
  random: Prng;
  draws?: number;
}

/**
 * P(arm is best) under independent Beta(1 + conversions, 1 + visitors - conversions)
 * posteriors, by Monte Carlo: the share of joint draws each arm wins (Thompson sampling's
 * allocation, Thompson 1933; Scott, "A modern Bayesian look at the multi-armed bandit", 2010).
 */
export function probabilityBest({
  arms,
  random,
  draws = BANDIT_DRAWS,
}: ProbabilityBestInput): number[] {
  arms.forEach(assertArmCounts);
  if (!(Number.isSafeInteger(draws) && draws > 0)) throw new RangeError(`draws: ${draws}`);
  const wins = new Array<number>(arms.length).fill(0);
  for (let d = 0; d < draws; d++) {
    let best = -1;
    let bestValue = -Infinity;
    arms.forEach(({ visitors, conversions }, index) => {
      const value = sampleBeta(random, 1 + conversions, 1 + visitors - conversions);
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    });
    if (best >= 0) wins[best]!++;
  }
  return wins.map((w) => w / draws);
}

/**
 * Traffic weights: floor + (1 - k · floor) · P(best), so every arm keeps at least `floor` and
 * the weights sum to 1. When k · floor >= 1 the floor cannot hold for all: equal weights.
 */
export function thompsonWeights({
  floor = BANDIT_FLOOR,
  ...input
}: ProbabilityBestInput & { floor?: number }): number[] {
  const k = input.arms.length;
  if (!(floor >= 0 && floor < 1)) throw new RangeError(`floor lies in [0, 1): ${floor}`);
  if (k === 0) return [];
  if (k * floor >= 1) return new Array<number>(k).fill(1 / k);
  return probabilityBest(input).map((p) => floor + (1 - k * floor) * p);
}

/**
 * Shares capped at `ceiling` (campaign limits: a bandit gives one arm at most 90%, so the
 * others keep exploring), the excess handed to the arms under it in proportion to their shares
 * (evenly if they have none), again until none is over. Equal shares when the arms cannot all
 * fit under the ceiling. The shares sum to 1 before and after.
 */
export function capShares(shares: readonly number[], ceiling: number): number[] {
  if (!(ceiling > 0 && ceiling <= 1)) throw new RangeError(`ceiling lies in (0, 1]: ${ceiling}`);
  const k = shares.length;
  if (k * ceiling < 1) return new Array<number>(k).fill(1 / k);
  const result = [...shares];
  const capped = new Set<number>();
  for (;;) {
    let excess = 0;
    result.forEach((share, i) => {
      if (!capped.has(i) && share > ceiling) {
        excess += share - ceiling;
        result[i] = ceiling;
        capped.add(i);
      }
    });
    if (excess === 0) return result;
    const free = result.filter((_share, i) => !capped.has(i));
    const freeTotal = free.reduce((sum, share) => sum + share, 0);
    result.forEach((share, i) => {
      if (capped.has(i)) return;
      result[i] = share + excess * (freeTotal > 0 ? share / freeTotal : 1 / free.length);
    });
  }
}
