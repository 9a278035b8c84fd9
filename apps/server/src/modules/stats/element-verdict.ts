import {
  conversionSummary,
  elementSignificance,
  MINIMUM_VISITORS_PER_ARM,
  mixingVarianceFor,
  type Campaign,
  type Correction,
  elementVerdict,
  plannedSamplePerArm,
  type ArmCounts,
  type ArmSummary,
  type ElementSignificance,
  type ComparedArm,
  type GuardrailVeto,
  type MetricComparison,
  type MetricDefinition,
  type SrmResult,
  type StatsPlan,
  type Verdict,
} from '@kindling/domain';
import type { ElementShape } from './present-stats';

/** The campaign's settings of the statistics, before any data: the element adds its plan. */
export type CampaignStatsSettings = Omit<StatsPlan, 'plannedPerArm'>;

/** A campaign's settings with its team's correction: what every verdict of it is tested with. */
export const campaignStatsSettings = (
  campaign: Pick<Campaign, 'statsMethod' | 'minimumDetectableEffect'>,
  correction: Correction,
): CampaignStatsSettings => ({
  method: campaign.statsMethod,
  correction,
  minimumDetectableEffect: campaign.minimumDetectableEffect,
  mixingVariance: mixingVarianceFor(campaign.minimumDetectableEffect),
});

/** One metric's summary per arm (control first): a goal's conversion, a mean or a ratio. */
export interface MetricSummaries {
  definition: MetricDefinition;
  arms: readonly ArmSummary[];
}

/** The plan as the answer shows it: the mixing variance stays inside the engine. */
export type ElementPlan = Omit<StatsPlan, 'mixingVariance'>;

/**
 * Whether the element's comparisons may be shown: every running arm (the original and each
 * variant not paused) has MINIMUM_VISITORS_PER_ARM visitors. Below that the normal approximation
 * behind every test is not trusted, so the answer claims nothing: no comparison at all rather
 * than figures with their meaning taken out (docs/api.md, `comparisons`). The verdict says
 * `not_enough_data` on the same condition.
 */
export const enoughToCompare = (arms: readonly ComparedArm[]): boolean =>
  arms.every((arm, a) => (a > 0 && arm.paused) || arm.visitors >= MINIMUM_VISITORS_PER_ARM);

/**
 * The element's verdict and every metric's comparisons (packages/domain stats/verdict.ts),
 * planned from the campaign's MDE and the original's observed rate on the primary metric.
 */
export function elementVerdictOf({
  arms,
  metrics,
  settings,
  srmFlagged,
  baseline,
  vetoes,
}: {
  arms: readonly ComparedArm[];
  metrics: readonly MetricSummaries[];
  settings: CampaignStatsSettings;
  srmFlagged: boolean;
  /** The original's counts on the primary conversion, which plan the sample. */
  baseline: ArmCounts | undefined;
  /** Guardrail harms found outside the comparisons (Web Vitals). */
  vetoes?: readonly GuardrailVeto[] | undefined;
}): { verdict: Verdict; comparisons: MetricComparison[]; plan: ElementPlan } {
  const hasPrimary = metrics.some((metric) => metric.definition.role === 'primary');
  const control = hasPrimary ? baseline : undefined;
  const plannedPerArm =
    control && control.visitors > 0
      ? plannedSamplePerArm({
          baselineRate: control.conversions / control.visitors,
          minimumDetectableEffect: settings.minimumDetectableEffect,
          method: settings.method,
        })
      : null;
  const plan: StatsPlan = { ...settings, plannedPerArm };
  const { verdict, comparisons } = elementVerdict({ arms, metrics, srmFlagged, plan, vetoes });
  const { mixingVariance: _inside, ...shown } = plan;
  return { verdict, comparisons: enoughToCompare(arms) ? comparisons : [], plan: shown };
}

/**
 * The conversion metrics of an element: the primary (counted goal) from the arms' counts, and
 * each other goal's converted visitors, capped at the arm's visitors as the engine requires.
 */
export function conversionMetrics({
  primary,
  counts,
  others,
}: {
  primary: MetricDefinition | null;
  /** The arms' visitors and converted visitors of the counted goal, control first. */
  counts: readonly ArmCounts[];
  others: readonly { definition: MetricDefinition; converted: readonly number[] }[];
}): MetricSummaries[] {
  return [
    ...(primary ? [{ definition: primary, arms: counts.map(conversionSummary) }] : []),
    ...others.map(({ definition, converted }) => ({
      definition,
      arms: goalConversions(counts, converted),
    })),
  ];
}

/** A goal's converted visitors per arm as conversions, capped at the arm's visitors. */
export const goalConversions = (counts: readonly ArmCounts[], converted: readonly number[]) =>
  counts.map((arm, a) =>
    conversionSummary({
      visitors: arm.visitors,
      conversions: Math.min(converted[a] ?? 0, arm.visitors),
    }),
  );

export interface ElementDecision {
  /** Per variant: not served in the range (paused now, no visitor in it). */
  paused: boolean[];
  significance: ElementSignificance;
  /** Null for bandits: their split follows the results, so none is expected. */
  srm: SrmResult | null;
  verdict: Verdict;
  comparisons: MetricComparison[];
  plan: ElementPlan;
}

/**
 * One element's verdict from its arms' counts: the one path from counts to a verdict, taken by
 * the stats endpoint, the campaign list, the idea experiments and auto-stop alike.
 */
export function decideElement({
  element,
  counts,
  metrics,
  settings,
  bandit,
  vetoes,
}: {
  element: ElementShape;
  /** The arms' counts on the primary metric, control first. */
  counts: readonly ArmCounts[];
  metrics: readonly MetricSummaries[];
  settings: CampaignStatsSettings;
  bandit: boolean;
  /** Guardrail harms found outside the comparisons (Web Vitals). */
  vetoes?: readonly GuardrailVeto[] | undefined;
}): ElementDecision {
  const [control, ...variants] = counts;
  // A variant paused now that showed nobody in the range was paused throughout it.
  const paused = variants.map((arm, v) => !element.variantEnabled[v] && arm.visitors === 0);
  const significance = elementSignificance(
    { control: control!, variants, paused, expectedWeights: element.expectedShares },
    settings,
  );
  const srm = bandit ? null : significance.srm;
  const decided = elementVerdictOf({
    arms: counts.map((arm, a) => ({
      variantId: a === 0 ? null : element.variantIds[a - 1]!,
      label: a === 0 ? 'The original' : `Variant ${a}`,
      visitors: arm.visitors,
      paused: a > 0 && paused[a - 1]!,
    })),
    metrics,
    settings,
    srmFlagged: srm?.flagged ?? false,
    baseline: control,
    vetoes,
  });
  return { paused, significance, srm, ...decided };
}
