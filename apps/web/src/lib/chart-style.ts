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
