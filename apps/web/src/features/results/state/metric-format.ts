import type { DerivedMetricKey } from '@kindling/domain';

export const METRIC_LABELS: Record<DerivedMetricKey, string> = {
  rawConversionsPerView: 'Conversions per view',
  conversionsPerSession: 'Conversions per session',
  revenuePerSession: 'Revenue per session',
};

const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const signedPercent = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rates read as percentages; revenue per session as an amount (its currency is the site's). */
export function formatMetric(metric: DerivedMetricKey, value: number): string {
  return metric === 'revenuePerSession' ? money.format(value) : percent.format(value);
}

/** A relative change: "+12.5%", "-3%", "0%". */
export const formatChange = (value: number) => signedPercent.format(value);

/** A probability as people read it: "97%", with the ends never shown as certainty. */
export function formatChance(value: number): string {
  if (value > 0.999) return '>99.9%';
  if (value < 0.001) return '<0.1%';
  return `${(value * 100).toFixed(value > 0.99 || value < 0.01 ? 1 : 0)}%`;
}
