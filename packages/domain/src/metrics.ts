import type {
  BaseMetrics,
  CampaignMetric,
  CampaignMetrics,
  ComparedMetric,
  DerivedMetricKey,
  DerivedMetrics,
  VariantMetrics,
} from './metrics-schema';

// Metric arithmetic, spec section 3 "Metrics".

export function emptyBaseMetrics(): BaseMetrics {
  return {
    views: 0,
    visitors: 0,
    sessions: 0,
    conversions: 0,
    funnelSessions: 0,
    funnelConversions: 0,
    revenue: 0,
  };
}

const ratio = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : numerator / denominator;

export function deriveMetrics(base: BaseMetrics): DerivedMetrics {
  return {
    rawConversionsPerView: ratio(base.conversions, base.views),
    conversionsPerSession: ratio(base.funnelConversions, base.funnelSessions),
    revenuePerSession: ratio(base.revenue, base.funnelSessions),
  };
}

/** (value - benchmark) / benchmark, or 0 when there is no benchmark (undefined or 0). */
export function improvement(value: number, benchmark: number | undefined | null): number {
  if (benchmark == null || benchmark === 0) return 0;
  return (value - benchmark) / benchmark;
}

function compare(value: number, benchmark: number): ComparedMetric {
  return { value, benchmark, improvement: improvement(value, benchmark) };
}

/**
 * Element or variant metrics: base metrics plus each derived metric compared with
 * the same metric derived from the benchmark's base metrics (0 without benchmark).
 */
export function variantMetrics(
  base: BaseMetrics,
  benchmarkBase?: BaseMetrics | null,
): VariantMetrics {
  const derived = deriveMetrics(base);
  const benchmark = deriveMetrics(benchmarkBase ?? emptyBaseMetrics());
  return {
    ...base,
    rawConversionsPerView: compare(derived.rawConversionsPerView, benchmark.rawConversionsPerView),
    conversionsPerSession: compare(derived.conversionsPerSession, benchmark.conversionsPerSession),
    revenuePerSession: compare(derived.revenuePerSession, benchmark.revenuePerSession),
  };
}

/** Base metrics of one element's control and of its variants. */
export interface ElementMetricsInput {
  control: BaseMetrics;
  variants: readonly BaseMetrics[];
}

export interface CampaignMetricsInput {
  /** The campaign's totals. */
  base: BaseMetrics;
  benchmark?: BaseMetrics | null;
  elements: readonly ElementMetricsInput[];
}

const average = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Campaign metrics. Per derived metric:
 * - potential: the average over elements of the element's best value, where the
 *   control counts as a variant (it is variant 0), so an element whose variants all
 *   lose contributes its control value;
 * - original: the average of the control values;
 * - potentialImprovement: improvement of potential over original.
 * With no elements, potential and original are 0.
 */
export function campaignMetrics({
  base,
  benchmark,
  elements,
}: CampaignMetricsInput): CampaignMetrics {
  const derived = deriveMetrics(base);
  const benchmarkDerived = deriveMetrics(benchmark ?? emptyBaseMetrics());
  const perElement = elements.map(({ control, variants }) => ({
    control: deriveMetrics(control),
    variants: variants.map(deriveMetrics),
  }));

  const metric = (key: DerivedMetricKey): CampaignMetric => {
    const potential = average(
      perElement.map((el) => Math.max(el.control[key], ...el.variants.map((v) => v[key]))),
    );
    const original = average(perElement.map((el) => el.control[key]));
    return {
      ...compare(derived[key], benchmarkDerived[key]),
      potential,
      potentialImprovement: improvement(potential, original),
      original,
    };
  };

  return {
    ...base,
    rawConversionsPerView: metric('rawConversionsPerView'),
    conversionsPerSession: metric('conversionsPerSession'),
    revenuePerSession: metric('revenuePerSession'),
  };
}
