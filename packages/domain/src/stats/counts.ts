/** One arm of a test: exposed visitors and the visitors among them who converted. */
export interface ArmCounts {
  visitors: number;
  conversions: number;
}

/**
 * Counts are whole, finite, non-negative, and conversions never exceed visitors; anything
 * else is a caller bug (a rollup that double-counts), so it throws instead of answering.
 */
export function assertArmCounts({ visitors, conversions }: ArmCounts): void {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(visitors) || !whole(conversions) || conversions > visitors) {
    throw new RangeError(
      `Invalid counts: ${conversions} conversions of ${visitors} visitors (whole numbers, conversions <= visitors)`,
    );
  }
}

/** conversions / visitors, or null without visitors. */
export function conversionRate({ visitors, conversions }: ArmCounts): number | null {
  return visitors === 0 ? null : conversions / visitors;
}

/** What an hourly rollup row counts for one element, arm and goal (the collector's rows too). */
export interface RollupCounts {
  exposures: number;
  visitors: number;
  sessions: number;
  goalSessions: number;
  goalVisitors: number;
  conversions: number;
  revenue: number;
  applied: number;
  missed: number;
}

/**
 * Sums over visitors that mean and ratio metrics test, x a visitor's revenue (rows of no goal)
 * or its sessions that reached the goal (goal rows), s its sessions; each visitor counted once,
 * with its totals since its first exposure.
 */
export interface RollupSquares {
  /** Σ x². */
  valueSquares: number;
  /** Σ x·s. */
  valueSessions: number;
  /** Σ s² (rows of no goal). */
  sessionSquares: number;
}
