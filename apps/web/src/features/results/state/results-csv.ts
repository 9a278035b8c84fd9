import type { ElementRows } from './element-rows';

/**
 * A cell as spreadsheets read it: quoted when it holds a separator, a quote or a line break, and
 * prefixed with ' when it would start a formula, since variant texts come from users and AI.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADER = [
  'Element',
  'Selector',
  'Arm',
  'Content',
  'Enabled',
  'Views',
  'Visitors',
  'Sessions',
  'Conversions',
  'Revenue',
  'Conversions per view',
  'Conversions per session',
  'Revenue per session',
  'Improvement in conversions per session',
  'Chance to beat original',
  'Uplift',
  'Uplift 95% low',
  'Uplift 95% high',
  'p-value',
  'Adjusted p-value',
  'Rendered',
];

/** The results tables as one CSV file: a row per arm of every element, rates as fractions. */
export function resultsCsv(elements: readonly ElementRows[]): string {
  const lines = elements.flatMap((element) =>
    element.rows.map((row) => {
      const m = row.metrics;
      const s = row.significance;
      return [
        element.label,
        element.selector,
        row.label,
        row.content,
        row.isEnabled ? 'yes' : 'no',
        m.views,
        m.visitors,
        m.sessions,
        m.conversions,
        m.revenue,
        m.rawConversionsPerView.value,
        m.conversionsPerSession.value,
        m.revenuePerSession.value,
        row.variantId === null ? null : row.overOriginal.conversionsPerSession,
        s?.chanceToBeatControl ?? null,
        s?.uplift?.estimate ?? null,
        s?.uplift?.ci95?.[0] ?? null,
        s?.uplift?.ci95?.[1] ?? null,
        s?.pValue ?? null,
        s?.adjustedPValue ?? null,
        row.delivery.rendered,
      ];
    }),
  );
  return [HEADER, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
