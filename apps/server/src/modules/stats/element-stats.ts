import {
  type ArmCounts,
  type ArmSummary,
  type ElementVitals,
  type GuardrailVeto,
  type FunnelStep,
  type MetricComparison,
  type MetricDefinition,
  type SampleSize,
  type SrmExplanation,
  type SrmResult,
  type Verdict,
  type VariantMetrics,
  type VariantSignificance,
} from '@kindling/domain';
import { elementSampleSize } from './element-sample-size';
import {
  conversionMetrics,
  decideElement,
  type CampaignStatsSettings,
  type ElementPlan,
} from './element-verdict';
import type { Interval } from './intervals';
import {
  presentArm,
  type ArmModes,
  type ElementShape,
  type Modes,
  type PeriodArms,
  type TimeSeries,
} from './present-stats';

export const CONTROL_KEY = 'control';

export interface VariantStats {
  id: number | typeof CONTROL_KEY;
  control: boolean;
  /** Not served in the range (paused throughout): left out of the tests. */
  paused: boolean;
  overall: Modes<VariantMetrics>;
  timeSeries: TimeSeries<VariantMetrics>;
  /** Against the element's control; null for the control itself and for a paused variant. */
  significance: VariantSignificance | null;
}

export interface ElementStats {
  id: number;
  /** Null for bandit campaigns: their split follows the results, so none is expected. */
  srm: SrmResult | null;
  /** Where a flagged mismatch sits (filled in by element-srm.ts); null otherwise. */
  srmExplanation: SrmExplanation | null;
  variants: Record<string, VariantStats>;
  /** One step per funnel goal, in funnel order. */
  funnel: FunnelStep[];
  sampleSize: SampleSize;
  plan: ElementPlan;
  verdict: Verdict;
  /** Every running variant against the original on every metric. */
  comparisons: MetricComparison[];
  /** Web Vitals per arm and the harms found (web-vitals module). */
  vitals: ElementVitals;
}

/**
 * Converted and exposed visitors of an arm for the significance engine: visitors whose first
 * reach of the counted goal falls in the range, of visitors first exposed in it. A visitor
 * first exposed before the range can first convert inside it, so the count is capped at the
 * arm's visitors, which the engine requires (docs/decisions.md, "Results from the rollups").
 */
const armCounts = (arm: ArmModes): ArmCounts => ({
  visitors: arm.total.visitors,
  conversions: Math.min(arm.convertedVisitors, arm.total.visitors),
});

/** A metric besides the primary one: a goal's conversion, a mean or a ratio. */
export interface ElementMetric {
  definition: MetricDefinition;
  /** The element's summary per arm (control first), given its primary counts. */
  summaries: (elementId: number, counts: readonly ArmCounts[]) => readonly ArmSummary[];
}

export function elementStats({
  elements,
  intervals,
  arms,
  compareArms,
  funnels,
  daysElapsed,
  bandit,
  settings,
  primary,
  extraMetrics,
  expectedShares,
  vitals,
}: {
  elements: readonly ElementShape[];
  intervals: readonly Interval[];
  arms: PeriodArms;
  /** The comparison period's arms: then each arm's benchmark is itself in that period. */
  compareArms: PeriodArms | null;
  /** Element id -> its funnel steps (element-funnel.ts). */
  funnels: ReadonlyMap<number, FunnelStep[]>;
  /** Element id -> days it has collected exposures (element-sample-size.ts). */
  daysElapsed: (elementId: number) => number;
  /** A multi-armed bandit campaign: served weights that move, so no split to check. */
  bandit: boolean;
  settings: CampaignStatsSettings;
  /** The counted goal as the primary metric; null without goals. */
  primary: MetricDefinition | null;
  extraMetrics: readonly ElementMetric[];
  /** Element id -> the split its SRM test expects (served phases); even when absent. */
  expectedShares?: ReadonlyMap<number, readonly number[]>;
  /** Element id -> its Web Vitals, and the harms on the campaign's vitals guardrails. */
  vitals?: {
    elements: ReadonlyMap<number, ElementVitals>;
    vetoes: ReadonlyMap<number, readonly GuardrailVeto[]>;
  };
}): Record<string, ElementStats> {
  const answer: Record<string, ElementStats> = {};
  for (const element of elements) {
    const elementArms = arms.get(element.id)!;
    const counts = elementArms.map(armCounts);
    const { paused, significance, srm, verdict, comparisons, plan } = decideElement({
      element: { ...element, expectedShares: expectedShares?.get(element.id) },
      counts,
      metrics: [
        ...conversionMetrics({ primary, counts, others: [] }),
        ...extraMetrics.map(({ definition, summaries }) => ({
          definition,
          arms: summaries(element.id, counts),
        })),
      ],
      settings,
      bandit,
      vetoes: vitals?.vetoes.get(element.id),
    });
    const variantStats: Record<string, VariantStats> = {};
    elementArms.forEach((arm: ArmModes, a) => {
      const benchmark = compareArms ? (compareArms.get(element.id)?.[a] ?? null) : elementArms[0]!;
      const key = a === 0 ? CONTROL_KEY : String(element.variantIds[a - 1]);
      variantStats[key] = {
        id: a === 0 ? CONTROL_KEY : element.variantIds[a - 1]!,
        control: a === 0,
        paused: a > 0 && paused[a - 1]!,
        ...presentArm(intervals, arm, benchmark),
        significance: a === 0 ? null : significance.variants[a - 1]!,
      };
    });
    answer[String(element.id)] = {
      id: element.id,
      srm,
      srmExplanation: null,
      variants: variantStats,
      funnel: funnels.get(element.id) ?? [],
      sampleSize: elementSampleSize({
        arms: counts.filter((_arm, a) => a === 0 || !paused[a - 1]),
        plannedPerArm: plan.plannedPerArm,
        daysElapsed: daysElapsed(element.id),
      }),
      plan,
      verdict,
      comparisons,
      vitals: vitals?.elements.get(element.id) ?? { variants: {}, harms: [] },
    };
  }
  return answer;
}

// Also the bandit weights count arms this way (get-bandit-weights.ts).
export { armCounts };
