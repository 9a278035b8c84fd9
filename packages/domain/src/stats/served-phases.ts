// What the tracker served over time, and the split a sample ratio mismatch test expects from it
// (docs/statistics.md, "Sample ratio mismatch"). Each change of a campaign's serving state
// (switched on or off, a variant paused, resumed, added or deleted) starts a phase; within a
// phase every new visitor is drawn with the phase's shares, so over a range each arm expects
// the phases' shares weighted by the new visitors each phase had.

/** One phase of an element: from `start` (ms) until the next phase starts. */
export interface ServedPhase {
  start: number;
  /**
   * Arm -> its share of the element's new visitors (any positive scale; arm 0 is the control).
   * Empty when nothing was served (the campaign was off).
   */
  shares: Readonly<Record<number, number>>;
}

/** The element's new visitors in one rollup hour, over the arms tested. */
export interface VisitorHour {
  start: number;
  visitors: number;
}

export const HOUR_MS = 3_600_000;

/** The phase's shares over `arms`, normalised; null when it served none of them. */
function sharesOver(phase: ServedPhase, arms: readonly number[]): number[] | null {
  const shares = arms.map((arm) => {
    const share = phase.shares[arm] ?? 0;
    return share > 0 && Number.isFinite(share) ? share : 0;
  });
  const total = shares.reduce((sum, share) => sum + share, 0);
  return total > 0 ? shares.map((share) => share / total) : null;
}

/**
 * The expected share of each arm over a range: Σ_phase w_phase · share_a(phase) / Σ w_phase,
 * where w_phase is the element's new visitors during the phase and share_a(phase) the arm's
 * share among `arms` (the arms tested: a deleted variant's visitors are not counted, so each
 * phase's shares are taken over the tested arms only). Rollups are hourly, so an hour in which
 * a phase began splits its visitors by the time each serving phase held of it (a phase that
 * served none of the arms takes none). Times before the first phase follow the first phase
 * (history from before phases were recorded). Answers null without phases, or when no phase
 * served any of the arms; without visitors, the last serving phase's shares.
 */
export function phaseWeightedShares({
  arms,
  phases,
  hours,
}: {
  /** The arms tested, control (0) first. */
  arms: readonly number[];
  phases: readonly ServedPhase[];
  hours: readonly VisitorHour[];
}): number[] | null {
  const sorted = [...phases].sort((a, b) => a.start - b.start);
  const spans = sorted.map((phase, i) => ({
    from: i === 0 ? -Infinity : phase.start,
    to: sorted[i + 1]?.start ?? Infinity,
    shares: sharesOver(phase, arms),
  }));
  const serving = spans.filter((span) => span.shares !== null);
  if (serving.length === 0) return null;
  const weights = serving.map(() => 0);
  for (const hour of hours) {
    if (!(hour.visitors > 0)) continue;
    const end = hour.start + HOUR_MS;
    const overlaps = serving.map((span) =>
      Math.max(0, Math.min(end, span.to) - Math.max(hour.start, span.from)),
    );
    const held = overlaps.reduce((sum, overlap) => sum + overlap, 0);
    // Visitors in an hour no serving phase touched (the tracker's config is cached up to a
    // minute): they count for the last phase that served before it.
    if (held === 0) {
      const before = serving.findLastIndex((span) => span.from < hour.start);
      weights[Math.max(0, before)]! += hour.visitors;
      continue;
    }
    overlaps.forEach((overlap, i) => (weights[i]! += (hour.visitors * overlap) / held));
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return serving.at(-1)!.shares;
  return arms.map((_arm, a) =>
    serving.reduce((sum, span, i) => sum + (weights[i]! * span.shares![a]!) / total, 0),
  );
}

/**
 * The shares an element is served with: the control and each enabled variant alike (the
 * tracker's even draw), nothing when the campaign is off. Bandit weights move with the results
 * and are not phases (bandit campaigns have no SRM test).
 */
export function evenServedShares({
  campaignEnabled,
  variants,
}: {
  campaignEnabled: boolean;
  variants: readonly { id: number; isEnabled: boolean }[];
}): Record<number, number> {
  if (!campaignEnabled) return {};
  const served = [0, ...variants.filter((variant) => variant.isEnabled).map((v) => v.id)];
  return Object.fromEntries(served.map((arm) => [arm, 1 / served.length]));
}
