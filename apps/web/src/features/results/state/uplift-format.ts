import type { TestMethod } from '@kindling/domain';
import { formatChange, formatCount } from '../../../lib/format';

/** An interval's coverage as people read it: "97.5%"; at most one decimal. */
export const formatLevel = (level: number): string =>
  `${Number((level * 100).toFixed(1)).toString()}%`;

/** Null at the usual 95%; otherwise "97.5% interval", said next to the interval. */
export function levelNote(level: number): string | null {
  return Math.abs(level - 0.95) < 1e-9 ? null : `${formatLevel(level)} interval`;
}

/** "+3% to +21%". */
export const formatInterval = ([low, high]: readonly [number, number]): string =>
  `${formatChange(low)} to ${formatChange(high)}`;

/** "+12% (+3% to +21%)"; the estimate alone when the interval is unknown. */
export function formatUplift(estimate: number, interval: readonly [number, number] | null): string {
  return interval
    ? `${formatChange(estimate)} (${formatInterval(interval)})`
    : formatChange(estimate);
}

/** A p-value to three decimals, never shown as 0: "0.029", "<0.001", "1". */
export function formatPValue(p: number): string {
  if (p < 0.001) return '<0.001';
  return Number(p.toFixed(3)).toString();
}

/** "needs 90 more visitors". */
export const needsVisitorsText = (visitors: number): string =>
  `needs ${formatCount(visitors)} more ${visitors === 1 ? 'visitor' : 'visitors'}`;

export const METHOD_LABELS: Record<TestMethod, string> = {
  sequential: 'Always-valid',
  fixed: 'Fixed horizon',
};
