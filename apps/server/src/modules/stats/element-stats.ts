import {
  campaignSignificance,
  type ArmCounts,
  type SrmResult,
  type VariantMetrics,
  type VariantSignificance,
} from '@kindling/domain';
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
  srm: SrmResult;
  variants: Record<string, VariantStats>;
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
}: {
  elements: readonly ElementShape[];
  intervals: readonly Interval[];
  arms: PeriodArms;
  /** The comparison period's arms: then each arm's benchmark is itself in that period. */
  compareArms: PeriodArms | null;
}): Record<string, ElementStats> {
  // Expected split: even over the control and every variant. Bandit campaigns are served even
  // weights too until results feed them back (campaigns/get-tracker-config.ts).
  const significance = campaignSignificance({
    elements: elements.map((element) => {
      const [control, ...variants] = arms.get(element.id)!;
      return {
        control: armCounts(control!),
        variants: variants.map(armCounts),
      };
    }),
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
    answer[String(element.id)] = { id: element.id, srm: significance.elements[e]!.srm, variants };
  });
  return answer;
}
