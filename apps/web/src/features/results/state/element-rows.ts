import {
  CONTROL_ARM_KEY,
  emptyBaseMetrics,
  MINIMUM_VISITORS_PER_ARM,
  variantMetrics,
  type CampaignArmCounts,
  type CampaignElement,
  type Goal,
  type MetricComparison,
  type MetricDefinition,
  type SampleSize,
  type SrmExplanation,
  type VariantMetrics,
  type VariantSignificance,
  type Verdict,
} from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';
import type { ElementStatsAnswer } from './stats-answer';

export interface Delivery {
  /** Share of exposures whose change showed, 0..1; null for the original or before any. */
  rendered: number | null;
  missed: number;
  medianAppliedMs: number | null;
}

export interface ArmRow {
  /** 'control' or the variant id, as keyed in the stats answer. */
  key: string;
  label: string;
  variantId: number | null;
  /** The text shown, or the image's address. */
  content: string;
  isEnabled: boolean;
  /** Not served during the whole range: out of every test, so no figures (the API's). */
  paused: boolean;
  metrics: VariantMetrics;
  /** Against the original on the primary metric; null for the original and a paused variant. */
  significance: VariantSignificance | null;
  /** The primary comparison's direction (lower-is-better aware), as the API answers it. */
  direction: MetricComparison['direction'];
  /**
   * Visitors the original and this variant still need before any figure is shown (both at
   * MINIMUM_VISITORS_PER_ARM); 0 once they have them; null for the original.
   */
  visitorsNeeded: number | null;
  delivery: Delivery;
}

/** One metric of one variant against the original. */
export interface MetricRow {
  metric: MetricDefinition;
  /** Null when the API compared nothing (a metric without data for this variant). */
  comparison: MetricComparison | null;
}

/** A running variant's rows, one per metric: primary, secondary, then guardrails. */
export interface VariantMetricRows {
  key: string;
  label: string;
  /** As ArmRow.visitorsNeeded: above 0, no figure is shown. */
  visitorsNeeded: number;
  metrics: MetricRow[];
}

/** One funnel step of one arm: of those who entered the step, how many reached its goal. */
export interface StepCell {
  entered: number;
  reached: number;
  /** Against the original at the same step; null for the original. */
  significance: VariantSignificance | null;
}

export interface FunnelStepRow {
  goalId: number;
  label: string;
  /** Keyed as `rows`: 'control' or the variant id. */
  arms: Record<string, StepCell>;
}

export interface ElementRows {
  id: number;
  label: string;
  selector: string;
  /** The API's verdict, shown as it is; null when the answer has no such element. */
  verdict: Verdict | null;
  /**
   * False under a sample ratio mismatch: the API says no figure can be trusted, so none is
   * coloured better or worse.
   */
  trusted: boolean;
  /** Under a sample ratio mismatch, where it sits (the API's); null otherwise. */
  srmExplanation: SrmExplanation | null;
  plan: ElementStatsAnswer['plan'] | null;
  rows: ArmRow[];
  byMetric: VariantMetricRows[];
  funnel: FunnelStepRow[];
  sampleSize: SampleSize | null;
}

const goalLabel = (goals: readonly Goal[], goalId: number, step: number) =>
  `${step + 1}. ${goals.find((goal) => goal.id === goalId)?.event.name || 'Goal'}`;

/** What an arm shows: its text, or its image's address. */
const contentOf = (info: { value: string } | { src: string }) =>
  'src' in info ? info.src : info.value;

const noDelivery: Delivery = { rendered: null, missed: 0, medianAppliedMs: null };

function deliveryOf(counts: CampaignArmCounts | undefined, isControl: boolean): Delivery {
  if (!counts || isControl) return noDelivery;
  return {
    rendered: counts.exposures === 0 ? null : counts.applied / counts.exposures,
    missed: counts.missed,
    medianAppliedMs: counts.medianAppliedMs,
  };
}

const shortOf = (visitors: number) => Math.max(0, MINIMUM_VISITORS_PER_ARM - visitors);

const ROLE_ORDER: Record<MetricDefinition['role'], number> = {
  primary: 0,
  secondary: 1,
  guardrail: 2,
};

/**
 * Per element of the campaign, the original and every variant (paused ones too) with their
 * results over the range, the API's verdict and comparisons, and how reliably each change
 * showed in visitors' browsers since the campaign started. Nothing here judges the results:
 * the verdict, significance and directions are the API's.
 */
export function elementRows({
  elements,
  goals,
  stats,
  metrics,
  delivery,
}: {
  elements: readonly CampaignElement[];
  goals: readonly Goal[];
  stats: Record<string, ElementStatsAnswer>;
  /** The campaign's metrics as the API defines them, primary first. */
  metrics: readonly MetricDefinition[];
  delivery: readonly CampaignArmCounts[];
}): ElementRows[] {
  const primary = metrics.find((metric) => metric.role === 'primary');
  const ordered = [...metrics].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return elements.map((element, index) => {
    const answer = stats[String(element.id)];
    const comparisons = answer?.comparisons ?? [];
    const countsOf = (variantId: number | null) =>
      delivery.find((arm) => arm.elementId === element.id && arm.variantId === variantId);
    const metricsOf = (key: string) =>
      answer?.variants[key]?.overall.cumulative ?? variantMetrics(emptyBaseMetrics());
    const controlShort = shortOf(metricsOf(CONTROL_ARM_KEY).visitors);
    const trusted = answer?.verdict.state !== 'sample_ratio_mismatch';
    const row = (
      key: string,
      label: string,
      variantId: number | null,
      content: string,
      isEnabled: boolean,
    ): ArmRow => {
      const arm = answer?.variants[key];
      const armMetrics = metricsOf(key);
      return {
        key,
        label,
        variantId,
        content,
        isEnabled,
        paused: arm?.paused ?? false,
        metrics: armMetrics,
        significance: arm?.significance ?? null,
        direction: trusted
          ? (comparisons.find((c) => c.variantId === variantId && c.metricId === primary?.id)
              ?.direction ?? null)
          : null,
        visitorsNeeded: variantId === null ? null : controlShort + shortOf(armMetrics.visitors),
        delivery: deliveryOf(countsOf(variantId), variantId === null),
      };
    };
    const rows = [
      row(CONTROL_ARM_KEY, 'Original', null, contentOf(element.control.info), true),
      ...element.variants.map((variant, position) =>
        row(
          String(variant.id),
          variantName(position),
          variant.id,
          contentOf(variant.info),
          variant.isEnabled,
        ),
      ),
    ];
    return {
      id: element.id,
      label: elementName(element, index),
      selector: element.selector,
      verdict: answer?.verdict ?? null,
      trusted,
      srmExplanation: answer?.srmExplanation ?? null,
      plan: answer?.plan ?? null,
      rows,
      byMetric: rows
        // Every running variant of an element in the answer: below the minimum sample the API
        // gives no comparison, and the row waits with a dash (docs/api.md, `comparisons`).
        .filter((r) => answer !== undefined && r.variantId !== null && !r.paused)
        .map((r) => ({
          key: r.key,
          label: r.label,
          visitorsNeeded: r.visitorsNeeded ?? 0,
          metrics: ordered.map((metric) => ({
            metric,
            comparison:
              comparisons.find((c) => c.variantId === r.variantId && c.metricId === metric.id) ??
              null,
          })),
        })),
      funnel: (answer?.funnel ?? []).map((step, index) => ({
        goalId: step.goalId,
        label: goalLabel(goals, step.goalId, index),
        arms: Object.fromEntries(
          Object.entries(step.variants).map(([key, arm]) => [
            key,
            { entered: arm.entered, reached: arm.reached, significance: arm.significance },
          ]),
        ),
      })),
      sampleSize: answer?.sampleSize ?? null,
    };
  });
}
