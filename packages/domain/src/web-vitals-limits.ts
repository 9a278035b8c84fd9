// Web Vitals' names and bounds without zod, so the vitals module in customers' pages
// (packages/page-runtime src/web-vitals) bundles only these few constants.

export const VITALS_METRICS = ['lcp', 'cls', 'inp'] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/** How people read each metric. */
export const VITALS_METRIC_LABELS: Record<VitalsMetric, string> = {
  lcp: 'LCP',
  cls: 'CLS',
  inp: 'INP',
};

/**
 * The largest value collect keeps: LCP and INP in milliseconds (a minute is far past any
 * "poor" threshold, 4 s and 500 ms), CLS unitless (a page shifting its whole height a hundred
 * times over). Larger is a broken or forged report, refused like any bad field.
 */
export const VITALS_MAX: Record<VitalsMetric, number> = { lcp: 60_000, cls: 100, inp: 60_000 };
