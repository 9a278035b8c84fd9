import type { Verdict } from '@kindling/domain';
import { calendarDay } from './stats-range';
import type { ArmRow, ElementRows, MetricRow, VariantMetricRows } from './element-rows';
import { formatLevel, formatPValue } from './uplift-format';

/** A number the export formatted itself ("+12.3%"): written as is, never neutralised. */
interface Figure {
  figure: string;
}

/**
 * A cell as spreadsheets read it: quoted when it holds a separator, a quote or a line break, and
 * prefixed with ' when it would start a formula, since variant texts come from users and AI.
 * The export's own figures start with a sign ("-3.0%") and are numbers to a spreadsheet, not
 * formulas, so they go through untouched.
 */
export function csvCell(value: string | number | Figure | null): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.figure;
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A share to one decimal: "12.3%". */
const percent = (value: number): Figure => ({ figure: `${(value * 100).toFixed(1)}%` });
/** A change to one decimal, signed: "+12.3%", "-3.0%". */
const change = (value: number): Figure => ({
  figure: `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`,
});
const amount = (value: number): Figure => ({ figure: value.toFixed(2) });
const maybe = <T>(value: T | null | undefined, format: (value: T) => Figure) =>
  value === null || value === undefined ? null : format(value);

const HEADER = [
  'Element',
  'Selector',
  'Arm',
  'Content',
  'Enabled',
  'Paused in range',
  'Views',
  'Visitors',
  'Sessions',
  'Conversions',
  'Revenue',
  'Conversions per view',
  'Conversions per session',
  'Revenue per session',
  'Uplift',
  'Interval low',
  'Interval high',
  'Interval level',
  'p-value',
  'Adjusted p-value',
  'Chance to beat original',
  'Visitors needed',
  'Rendered',
  'Verdict',
];

function armLine(element: ElementRows, row: ArmRow, verdict: Verdict | null) {
  const m = row.metrics;
  const s = row.significance;
  const uplift = s?.uplift ?? null;
  return [
    element.label,
    element.selector,
    row.label,
    row.content,
    row.isEnabled ? 'yes' : 'no',
    row.paused ? 'yes' : 'no',
    m.views,
    m.visitors,
    m.sessions,
    m.conversions,
    amount(m.revenue),
    percent(m.rawConversionsPerView.value),
    percent(m.conversionsPerSession.value),
    amount(m.revenuePerSession.value),
    maybe(uplift?.estimate, change),
    maybe(uplift?.interval?.[0], change),
    maybe(uplift?.interval?.[1], change),
    maybe(uplift?.level, (level) => ({ figure: formatLevel(level) })),
    maybe(s?.pValue, (p) => ({ figure: formatPValue(p) })),
    maybe(s?.adjustedPValue, (p) => ({ figure: formatPValue(p) })),
    maybe(s?.chanceToBeatControl, percent),
    row.visitorsNeeded || null,
    maybe(row.delivery.rendered, percent),
    verdict?.summary ?? null,
  ];
}

const METRIC_HEADER = [
  'Element',
  'Variant',
  'Metric',
  'Role',
  'Lower is better',
  'Uplift',
  'Interval low',
  'Interval high',
  'Interval level',
  'p-value',
  'Adjusted p-value',
  'Significant',
  'Reading',
];

/** The API's reading of one comparison, in the page's words. */
function reading(element: ElementRows, variant: VariantMetricRows, row: MetricRow) {
  if (variant.visitorsNeeded > 0) return `needs ${variant.visitorsNeeded} more visitors`;
  const c = row.comparison;
  if (!c || c.estimate === null) return null;
  if (!element.trusted) return 'not trusted (sample ratio mismatch)';
  if (c.direction === null) return 'no clear difference';
  if (c.direction === 'worse' && row.metric.role === 'guardrail') return 'harmed';
  return c.direction;
}

function metricLine(element: ElementRows, variant: VariantMetricRows, row: MetricRow) {
  // Nothing is claimed below the minimum sample, even where the API has figures.
  const c = variant.visitorsNeeded > 0 ? null : row.comparison;
  return [
    element.label,
    variant.label,
    row.metric.name,
    row.metric.role,
    row.metric.lowerIsBetter ? 'yes' : 'no',
    maybe(c?.estimate, change),
    maybe(c?.interval?.[0], change),
    maybe(c?.interval?.[1], change),
    maybe(c?.level, (level) => ({ figure: formatLevel(level) })),
    maybe(c?.pValue, (p) => ({ figure: formatPValue(p) })),
    maybe(c?.adjustedPValue, (p) => ({ figure: formatPValue(p) })),
    c ? (c.significant ? 'yes' : 'no') : null,
    reading(element, variant, row),
  ];
}

const toCsv = (lines: readonly (readonly Parameters<typeof csvCell>[0][])[]) =>
  lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';

/**
 * The results tables as one CSV file: a row per arm of every element, with the API's uplift,
 * interval and verdict; then, after an empty line, a row per metric of every running variant
 * with the API's comparison (uplift, interval, p-values, significant, reading). Shares and
 * changes are rounded percentages ("12.3%"), amounts have two decimals, p-values three: what
 * the page shows, not the raw floats.
 */
export function resultsCsv(elements: readonly ElementRows[]): string {
  const arms = elements.flatMap((element) =>
    element.rows.map((row) => armLine(element, row, element.verdict)),
  );
  const metrics = elements.flatMap((element) =>
    element.byMetric.flatMap((variant) =>
      variant.metrics.map((row) => metricLine(element, variant, row)),
    ),
  );
  const table = toCsv([HEADER, ...arms]);
  return metrics.length === 0 ? table : `${table}\r\n${toCsv([METRIC_HEADER, ...metrics])}`;
}

/**
 * "campaign-42-2026-04-01-to-2026-04-07.csv": the campaign and the range's first and last days
 * in the user's zone (the range's end is exclusive, so its last day is the one before it).
 */
export function resultsFileName({
  campaignId,
  range,
  timezone,
  segment,
}: {
  campaignId: number;
  range: { start: string; end: string };
  timezone: string;
  /** The segment the rows are of (issue 31), so a file of phones only says so. */
  segment?: { dimension: string; value: string } | undefined;
}): string {
  const first = calendarDay(new Date(range.start), timezone);
  const last = calendarDay(new Date(Date.parse(range.end) - 1), timezone);
  const only = segment ? `-${segment.dimension}-${segment.value.replace(/[^a-z0-9-]/g, '-')}` : '';
  return `campaign-${campaignId}${only}-${first}-to-${last}.csv`;
}
