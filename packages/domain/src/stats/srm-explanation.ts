import { SEGMENT_DIMENSIONS, segmentLabel, type SegmentDimension } from '../visitor-segments';
import { chiSquareSf } from './chi-square';
import { SRM_ALPHA } from './srm';

// Where a sample ratio mismatch sits (docs/statistics.md, "Explaining a mismatch"): the
// element's new visitors per arm, broken down by browser, device, browser on device, new or
// returning visitor and referrer, and the segment whose removal leaves the split as expected.

/** An element's new visitors in one segment, per arm (control first). */
export interface SegmentCounts {
  dimension: SegmentDimension;
  value: string;
  visitors: readonly number[];
}

export interface SrmSegment {
  dimension: SegmentDimension;
  value: string;
  /** "Safari on phones", "Visitors from news.example.org". */
  label: string;
  /** Per arm: the segment's share of the arm's new visitors; null for an arm not tested or without any. */
  shares: (number | null)[];
  /** Per arm: the segment's new visitors. */
  visitors: number[];
  /** The segment's part of its dimension's imbalance (its chi-square over their sum), 0..1. */
  contribution: number;
}

export interface SrmExplanation {
  /** True when one segment holds the imbalance: without it the split is as expected. */
  explained: boolean;
  /** The segments that explain it, most specific first; else the largest contributors. */
  segments: SrmSegment[];
  /** The sentence to show ("Safari on phones made up 41% of the original's exposures ..."). */
  summary: string;
}

/** Segments named at most. */
export const MAX_SRM_SEGMENTS = 3;
/** A segment explains the mismatch only when it holds at least this part of its imbalance. */
export const SRM_SEGMENT_MIN_CONTRIBUTION = 0.5;

/** Pearson's goodness-of-fit statistic of counts against shares (arms of share 0 left out). */
function goodnessOfFit(counts: readonly number[], shares: readonly number[]) {
  const total = counts.reduce((sum, n) => sum + n, 0);
  let statistic = 0;
  counts.forEach((observed, a) => {
    const expected = total * shares[a]!;
    if (expected > 0) statistic += (observed - expected) ** 2 / expected;
  });
  const tested = shares.filter((share) => share > 0).length;
  const pValue = total === 0 || tested < 2 ? 1 : chiSquareSf(statistic, tested - 1);
  return { statistic, pValue };
}

/**
 * Pearson's test of independence of "in the segment or not" and the arm: p < SRM_ALPHA when
 * the arms' shares of the segment differ by more than chance.
 */
function sharesDiffer(inside: readonly number[], totals: readonly number[]): boolean {
  const n = totals.reduce((sum, t) => sum + t, 0);
  const k = inside.reduce((sum, x) => sum + x, 0);
  if (n === 0 || k === 0 || k === n) return false;
  let statistic = 0;
  let arms = 0;
  totals.forEach((total, a) => {
    if (total === 0) return;
    arms++;
    for (const [observed, column] of [
      [inside[a]!, k],
      [total - inside[a]!, n - k],
    ] as const) {
      const expected = (total * column) / n;
      statistic += (observed - expected) ** 2 / expected;
    }
  });
  return arms >= 2 && chiSquareSf(statistic, arms - 1) < SRM_ALPHA;
}

interface Judged extends SrmSegment {
  statistic: number;
  size: number;
  explains: boolean;
}

function judgeDimension(
  rows: readonly SegmentCounts[],
  shares: readonly number[],
  tested: readonly boolean[],
): Judged[] {
  const counted = (visitors: readonly number[]) =>
    shares.map((_share, a) => (tested[a] ? (visitors[a] ?? 0) : 0));
  const totals = rows.reduce(
    (sum, row) => sum.map((n, a) => n + counted(row.visitors)[a]!),
    shares.map(() => 0),
  );
  const fits = rows.map((row) => goodnessOfFit(counted(row.visitors), shares));
  const sum = fits.reduce((total, fit) => total + fit.statistic, 0);
  return rows.map((row, i) => {
    const visitors = counted(row.visitors);
    const rest = goodnessOfFit(
      totals.map((total, a) => total - visitors[a]!),
      shares,
    );
    const contribution = sum > 0 ? fits[i]!.statistic / sum : 0;
    return {
      dimension: row.dimension,
      value: row.value,
      label: segmentLabel(row.dimension, row.value),
      shares: totals.map((total, a) => (tested[a] && total > 0 ? visitors[a]! / total : null)),
      visitors,
      contribution,
      statistic: fits[i]!.statistic,
      size: visitors.reduce((total, n) => total + n, 0),
      explains:
        sharesDiffer(visitors, totals) &&
        fits[i]!.pValue < SRM_ALPHA &&
        rest.pValue >= SRM_ALPHA &&
        contribution >= SRM_SEGMENT_MIN_CONTRIBUTION,
    };
  });
}

/** Among segments of the same visitors, the one that says most: "Safari on phones" first. */
const SPECIFICITY: Record<SegmentDimension, number> = {
  platform: 0,
  browser: 1,
  device: 2,
  referrer: 3,
  visitor: 4,
};

const percent = (share: number) => `${Math.round(share * 100)}%`;
const possessive = (label: string) => (label === 'the original' ? "the original's" : `${label}'s`);

/** The sentence for a segment that explains the mismatch, on the arm most unlike the original. */
function explainedSummary(segment: SrmSegment, labels: readonly string[]): string {
  const control = segment.shares[0] ?? 0;
  let arm = -1;
  segment.shares.forEach((share, a) => {
    if (a === 0 || share === null) return;
    if (arm < 0 || Math.abs(share - control) > Math.abs(segment.shares[arm]! - control)) arm = a;
  });
  if (arm < 0) return `${segment.label} hold the imbalance: without them the split is as expected.`;
  const other = segment.shares[arm]!;
  const name = labels[arm]!;
  const cause =
    other < control
      ? `something in ${name} fails there`
      : `something in the original fails there, or ${name} counts them more than once`;
  return (
    `${segment.label} made up ${percent(control)} of the original's exposures but ` +
    `${percent(other)} of ${possessive(name)}: ${cause}. Without them the split is as expected.`
  );
}

const UNEXPLAINED =
  'No single browser, device, visitor type or referrer explains the mismatch: the imbalance is ' +
  'spread across them. Look for what differs between the arms for everyone: a redirect, a ' +
  'slower page, a script error, or bots.';

/**
 * Explains a flagged mismatch from the new visitors per segment. For each dimension and value
 * it asks three questions: do the arms' shares of the segment differ (a test of independence),
 * is the segment itself out of the expected split, and is the rest of the element in it (both
 * goodness-of-fit tests at SRM_ALPHA)? A segment that answers yes, yes, no and holds at least
 * half its dimension's chi-square explains the mismatch; the most specific such segments (the
 * fewest visitors) are named. Otherwise the largest contributors are listed, and the summary
 * says no single segment explains it. Null without any segment counts.
 */
export function explainSrm({
  labels,
  expectedShares,
  segments,
}: {
  /** Per arm, control first: "the original", "Variant 1"... */
  labels: readonly string[];
  /** Per arm, as the SRM test expected them; 0 for an arm not tested (paused throughout). */
  expectedShares: readonly number[];
  segments: readonly SegmentCounts[];
}): SrmExplanation | null {
  const weightSum = expectedShares.reduce((sum, share) => sum + Math.max(0, share), 0);
  if (weightSum === 0) return null;
  const shares = expectedShares.map((share) => Math.max(0, share) / weightSum);
  const tested = shares.map((share) => share > 0);
  const judged = SEGMENT_DIMENSIONS.flatMap((dimension) =>
    judgeDimension(
      segments.filter((row) => row.dimension === dimension),
      shares,
      tested,
    ),
  ).filter((segment) => segment.size > 0);
  if (judged.length === 0) return null;
  const explaining = judged
    .filter((segment) => segment.explains)
    .sort(
      (a, b) =>
        a.size - b.size ||
        SPECIFICITY[a.dimension] - SPECIFICITY[b.dimension] ||
        b.statistic - a.statistic,
    );
  const shown = (
    explaining.length > 0 ? explaining : judged.sort((a, b) => b.statistic - a.statistic)
  )
    .slice(0, MAX_SRM_SEGMENTS)
    .map(({ dimension, value, label, shares: s, visitors, contribution }) => ({
      dimension,
      value,
      label,
      shares: s,
      visitors,
      contribution,
    }));
  return {
    explained: explaining.length > 0,
    segments: shown,
    summary: explaining.length > 0 ? explainedSummary(shown[0]!, labels) : UNEXPLAINED,
  };
}
