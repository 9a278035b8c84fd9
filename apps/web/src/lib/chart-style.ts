import { CHART_FILL_ALPHA, DEFAULT_CHART_COLOR } from '@kindling/domain';

// The look every chart shares (spec section 9): the default colour, its fill alphas, the axes.

/** The default chart colour at another alpha. */
export const chartColor = (alpha = 1): string =>
  DEFAULT_CHART_COLOR.replace(/,\s*[\d.]+\)$/, `,${alpha})`);

/** The fill's alpha at the line and at the axis. */
export const CHART_FILL = {
  top: chartColor(CHART_FILL_ALPHA.to),
  bottom: chartColor(CHART_FILL_ALPHA.from),
};

/** Axis ticks: small, muted, no tick lines or axis line. */
export const AXIS_STYLE = {
  tickLine: false,
  axisLine: false,
  tick: { fontSize: 12, fill: 'var(--text-muted)' },
} as const;

/**
 * One colour per arm when a chart draws each arm of an element: the original in grey, the
 * first variant in the default colour, the others in hues far apart, cycling past eight.
 */
const VARIANT_COLORS = [
  chartColor(),
  'rgba(234,88,12,1)',
  'rgba(22,163,74,1)',
  'rgba(147,51,234,1)',
  'rgba(219,39,119,1)',
  'rgba(202,138,4,1)',
  'rgba(8,145,178,1)',
  'rgba(120,53,15,1)',
];
export const ORIGINAL_COLOR = 'rgba(87,85,79,1)';
export const armColor = (variantIndex: number | null): string =>
  variantIndex === null ? ORIGINAL_COLOR : VARIANT_COLORS[variantIndex % VARIANT_COLORS.length]!;
