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
const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rates read as percentages; revenue per session as an amount (its currency is the site's). */
export function formatMetric(metric: DerivedMetricKey, value: number): string {
  return metric === 'revenuePerSession' ? money.format(value) : percent.format(value);
}

// Shared with the campaign list's figures, so they live in lib/format.
export { formatChance, formatChange } from '../../../lib/format';
