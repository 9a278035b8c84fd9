import {
  campaignSignificance,
  type ArmCounts,
  type FunnelStep,
  type SampleSize,
  type SrmResult,
  type VariantMetrics,
  type VariantSignificance,
} from '@kindling/domain';
import { elementSampleSize } from './element-sample-size';
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
  overall: Modes<VariantMetrics>;
  timeSeries: TimeSeries<VariantMetrics>;
  /** Against the element's control; null for the control itself. */
  significance: VariantSignificance | null;
}

export interface ElementStats {
  id: number;
  /** Null for bandit campaigns: their split follows the results, so none is expected. */
  srm: SrmResult | null;
  variants: Record<string, VariantStats>;
  /** One step per funnel goal, in funnel order. */
  funnel: FunnelStep[];
  sampleSize: SampleSize;
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

export function elementStats({
  elements,
  intervals,
  arms,
  compareArms,
  funnels,
  daysElapsed,
  bandit,
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
}): Record<string, ElementStats> {
  const counts = elements.map((element) => arms.get(element.id)!.map(armCounts));
  // Expected split: even over the control and every variant, as A/B split campaigns are served.
  const significance = campaignSignificance({
    elements: counts.map(([control, ...variants]) => ({ control: control!, variants })),
  });
  const answer: Record<string, ElementStats> = {};
  elements.forEach((element, e) => {
    const elementArms = arms.get(element.id)!;
    const control = elementArms[0]!;
    const variants: Record<string, VariantStats> = {};
    elementArms.forEach((arm: ArmModes, a) => {
      const benchmark = compareArms ? (compareArms.get(element.id)?.[a] ?? null) : control;
      const key = a === 0 ? CONTROL_KEY : String(element.variantIds[a - 1]);
      variants[key] = {
        id: a === 0 ? CONTROL_KEY : element.variantIds[a - 1]!,
        control: a === 0,
        ...presentArm(intervals, arm, benchmark),
        significance: a === 0 ? null : significance.elements[e]!.variants[a - 1]!,
      };
    });
    answer[String(element.id)] = {
      id: element.id,
      srm: bandit ? null : significance.elements[e]!.srm,
      variants,
      funnel: funnels.get(element.id) ?? [],
      sampleSize: elementSampleSize({
        arms: counts[e]!,
        daysElapsed: daysElapsed(element.id),
      }),
    };
  });
  return answer;
}

// Also the bandit weights count arms this way (get-bandit-weights.ts).
export { armCounts };
