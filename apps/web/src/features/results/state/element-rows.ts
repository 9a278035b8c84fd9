import {
  DERIVED_METRIC_KEYS,
  emptyBaseMetrics,
  improvement,
  type DerivedMetricKey,
  variantMetrics,
  type CampaignArmCounts,
  type CampaignElement,
  type Goal,
  type SampleSize,
  type VariantMetrics,
  type VariantSignificance,
} from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';
import type { ElementStatsAnswer } from './stats-answer';
import { elementVerdict, type Verdict } from './element-verdict';

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
  metrics: VariantMetrics;
  /**
   * Each derived metric's improvement over the original's. Not the answer's own improvement,
   * which is over the previous period when periods are compared.
   */
  overOriginal: Record<DerivedMetricKey, number>;
  significance: VariantSignificance | null;
  delivery: Delivery;
}

/** One funnel step of one arm: of those who entered the step, how many reached its goal. */
export interface StepCell {
  entered: number;
  reached: number;
  /** Against the original at the same step; null for the original. */
  chanceToBeatControl: number | null;
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
  verdict: Verdict;
  rows: ArmRow[];
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

/**
 * Per element of the campaign, the original and every variant (paused ones too) with their
 * results over the range, their significance against the original and how reliably their change
 * showed in visitors' browsers since the campaign started.
 */
export function elementRows({
  elements,
  goals,
  stats,
  delivery,
}: {
  elements: readonly CampaignElement[];
  goals: readonly Goal[];
  stats: Record<string, ElementStatsAnswer>;
  delivery: readonly CampaignArmCounts[];
}): ElementRows[] {
  return elements.map((element, index) => {
    const answer = stats[String(element.id)];
    const countsOf = (variantId: number | null) =>
      delivery.find((arm) => arm.elementId === element.id && arm.variantId === variantId);
    const controlMetrics = answer?.variants.control?.overall.cumulative;
    const overOriginal = (metrics: VariantMetrics) =>
      Object.fromEntries(
        DERIVED_METRIC_KEYS.map((key) => [
          key,
          improvement(metrics[key].value, controlMetrics?.[key].value),
        ]),
      ) as Record<DerivedMetricKey, number>;
    const row = (
      key: string,
      label: string,
      variantId: number | null,
      content: string,
      isEnabled: boolean,
    ): ArmRow => {
      const metrics =
        answer?.variants[key]?.overall.cumulative ?? variantMetrics(emptyBaseMetrics());
      return {
        key,
        label,
        variantId,
        content,
        isEnabled,
        metrics,
        overOriginal: overOriginal(metrics),
        significance: answer?.variants[key]?.significance ?? null,
        delivery: deliveryOf(countsOf(variantId), variantId === null),
      };
    };
    return {
      id: element.id,
      label: elementName(element, index),
      selector: element.selector,
      verdict: elementVerdict(answer),
      funnel: (answer?.funnel ?? []).map((step, index) => ({
        goalId: step.goalId,
        label: goalLabel(goals, step.goalId, index),
        arms: Object.fromEntries(
          Object.entries(step.variants).map(([key, arm]) => [
            key,
            {
              entered: arm.entered,
              reached: arm.reached,
              chanceToBeatControl: arm.significance?.chanceToBeatControl ?? null,
            },
          ]),
        ),
      })),
      sampleSize: answer?.sampleSize ?? null,
      rows: [
        row('control', 'Original', null, contentOf(element.control.info), true),
        ...element.variants.map((variant, position) =>
          row(
            String(variant.id),
            variantName(position),
            variant.id,
            contentOf(variant.info),
            variant.isEnabled,
          ),
        ),
      ],
    };
  });
}
