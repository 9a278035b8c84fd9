import {
  conversionSummary,
  elementVerdict,
  plannedSamplePerArm,
  type ArmCounts,
  type ComparedArm,
  type MetricComparison,
  type MetricDefinition,
  type StatsPlan,
  type Verdict,
} from '@kindling/domain';

/** The campaign's settings of the statistics, before any data: the element adds its plan. */
export type CampaignStatsSettings = Omit<StatsPlan, 'plannedPerArm'>;

/** One metric's counts per arm (control first), e.g. a goal's converted visitors. */
export interface MetricCounts {
  definition: MetricDefinition;
  arms: readonly ArmCounts[];
}

/** The plan as the answer shows it: the mixing variance stays inside the engine. */
export type ElementPlan = Omit<StatsPlan, 'mixingVariance'>;

/**
 * The element's verdict and every metric's comparisons (packages/domain stats/verdict.ts),
 * planned from the campaign's MDE and the original's observed rate on the primary metric.
 */
export function elementVerdictOf({
  arms,
  metrics,
  settings,
  srmFlagged,
}: {
  arms: readonly ComparedArm[];
  metrics: readonly MetricCounts[];
  settings: CampaignStatsSettings;
  srmFlagged: boolean;
}): { verdict: Verdict; comparisons: MetricComparison[]; plan: ElementPlan } {
  const primary = metrics.find((metric) => metric.definition.role === 'primary');
  const control = primary?.arms[0];
  const plannedPerArm =
    control && control.visitors > 0
      ? plannedSamplePerArm({
          baselineRate: control.conversions / control.visitors,
          minimumDetectableEffect: settings.minimumDetectableEffect,
          method: settings.method,
        })
      : null;
  const plan: StatsPlan = { ...settings, plannedPerArm };
  const { verdict, comparisons } = elementVerdict({
    arms,
    metrics: metrics.map(({ definition, arms: counts }) => ({
      definition,
      arms: counts.map(conversionSummary),
    })),
    srmFlagged,
    plan,
  });
  const { mixingVariance: _inside, ...shown } = plan;
  return { verdict, comparisons, plan: shown };
}
