import {
  VITALS_METRIC_LABELS,
  VITALS_METRICS,
  type ArmVitals,
  type VitalsFigure,
  type VitalsHarm,
  type VitalsMetric,
} from '../web-vitals';

// Web Vitals per arm (issue 30). Collect keeps, per campaign, element, arm and metric, a count
// per value bucket; percentiles are read from those counts, so results never scan raw events.
// Buckets are 1% wide on a log scale of (1 + value), LCP and INP in milliseconds and CLS in
// thousandths: a percentile read from them is within 0.5% of (1 + the exact one).

const GROWTH = Math.log(1.01);
const SCALE: Record<VitalsMetric, number> = { lcp: 1, inp: 1, cls: 1000 };

/** The bucket a value falls in (0 for 0). */
export const vitalsBucketOf = (metric: VitalsMetric, value: number): number =>
  Math.round(Math.log1p(value * SCALE[metric]) / GROWTH);

/** The value a bucket stands for (its centre on the log scale). */
export const vitalsBucketValue = (metric: VitalsMetric, bucket: number): number =>
  Math.expm1(bucket * GROWTH) / SCALE[metric];

/** How many page views fell in each bucket. */
export type VitalsHistogram = ReadonlyMap<number, number>;

/**
 * The q-quantile (0 < q <= 1) of a histogram by nearest rank: the value of the
 * ceil(q * n)-th smallest observation; null when empty.
 */
export function histogramQuantile(
  metric: VitalsMetric,
  histogram: VitalsHistogram,
  q: number,
): number | null {
  const total = [...histogram.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  return valueAtRank(metric, histogram, Math.max(1, Math.ceil(q * total)));
}

function valueAtRank(metric: VitalsMetric, histogram: VitalsHistogram, rank: number): number {
  let seen = 0;
  const buckets = [...histogram.keys()].sort((a, b) => a - b);
  for (const bucket of buckets) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return vitalsBucketValue(metric, bucket);
  }
  return vitalsBucketValue(metric, buckets[buckets.length - 1]!);
}

const total = (histogram: VitalsHistogram) =>
  [...histogram.values()].reduce((sum, n) => sum + n, 0);

/** Rounded as shown: whole milliseconds, CLS to three decimals. */
const rounded = (metric: VitalsMetric, value: number) =>
  metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);

/** Median and p75 of one metric of one arm; null without a sample. */
export function vitalsFigure(
  metric: VitalsMetric,
  histogram: VitalsHistogram,
): VitalsFigure | null {
  const samples = total(histogram);
  if (samples === 0) return null;
  return {
    median: rounded(metric, histogramQuantile(metric, histogram, 0.5)!),
    p75: rounded(metric, histogramQuantile(metric, histogram, 0.75)!),
    samples,
  };
}

/** One arm's figures from its histograms and its count of reporting page views. */
export function armVitals(
  samples: number,
  histograms: Partial<Record<VitalsMetric, VitalsHistogram>>,
): ArmVitals {
  const figure = (metric: VitalsMetric) => vitalsFigure(metric, histograms[metric] ?? new Map());
  return { samples, lcp: figure('lcp'), cls: figure('cls'), inp: figure('inp') };
}

// ---- Harm -------------------------------------------------------------------------------------

/** Each arm needs this many reports of a metric before a harm on it is claimed. */
export const VITALS_MIN_SAMPLES = 50;
/** Smaller p75 differences are not called a harm, however sure: 100 ms, 50 ms, 0.02. */
export const VITALS_MIN_HARM: Record<VitalsMetric, number> = { lcp: 100, inp: 50, cls: 0.02 };
const Z_95 = 1.959964;

/**
 * A distribution-free 95% interval for the p75 (order statistics: the ranks n*0.75 ± z *
 * sqrt(n * 0.75 * 0.25), binomial), read from the histogram.
 */
export function p75Interval(metric: VitalsMetric, histogram: VitalsHistogram): [number, number] {
  const n = total(histogram);
  const spread = Z_95 * Math.sqrt(n * 0.75 * 0.25);
  const low = Math.min(n, Math.max(1, Math.floor(n * 0.75 - spread)));
  const high = Math.min(n, Math.max(1, Math.ceil(n * 0.75 + spread)));
  return [valueAtRank(metric, histogram, low), valueAtRank(metric, histogram, high)];
}

const SLOWER: Record<VitalsMetric, string> = {
  lcp: 'slower to paint',
  inp: 'slower to respond',
  cls: 'shift more',
};

function harmSentence(label: string, metric: VitalsMetric, difference: number): string {
  const name = `${VITALS_METRIC_LABELS[metric]} p75`;
  if (metric === 'cls') {
    return `${label} makes the layout ${SLOWER.cls}: ${difference.toFixed(3)} more (${name})`;
  }
  return `${label} makes the page ${Math.round(difference)} ms ${SLOWER[metric]} (${name})`;
}

export interface VitalsArmInput {
  /** Null for the original. */
  variantId: number | null;
  /** "Variant 2", as the verdict names it. */
  label: string;
  histograms: Partial<Record<VitalsMetric, VitalsHistogram>>;
}

/**
 * Variants clearly worse than the original on a vital: each arm has VITALS_MIN_SAMPLES reports
 * of it, the variant's p75 interval lies wholly above the original's (two non-overlapping 95%
 * intervals: a conservative test), and the p75s differ by at least VITALS_MIN_HARM. Lower is
 * better for all three. `guardrails` marks the harms the verdict must take into account.
 */
export function vitalsHarms(
  arms: readonly VitalsArmInput[],
  guardrails: readonly VitalsMetric[],
): VitalsHarm[] {
  const [control, ...variants] = arms;
  if (!control) return [];
  const harms: VitalsHarm[] = [];
  for (const metric of VITALS_METRICS) {
    const base = control.histograms[metric] ?? new Map<number, number>();
    if (total(base) < VITALS_MIN_SAMPLES) continue;
    const baseP75 = histogramQuantile(metric, base, 0.75)!;
    const baseHigh = p75Interval(metric, base)[1];
    for (const arm of variants) {
      const own = arm.histograms[metric] ?? new Map<number, number>();
      if (arm.variantId === null || total(own) < VITALS_MIN_SAMPLES) continue;
      const difference = rounded(metric, histogramQuantile(metric, own, 0.75)! - baseP75);
      if (difference < VITALS_MIN_HARM[metric] || p75Interval(metric, own)[0] <= baseHigh) continue;
      harms.push({
        variantId: arm.variantId,
        metric,
        difference,
        summary: harmSentence(arm.label, metric, difference),
        guardrail: guardrails.includes(metric),
      });
    }
  }
  return harms;
}
