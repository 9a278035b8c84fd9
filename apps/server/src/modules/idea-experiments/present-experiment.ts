import {
  EXPERIMENT_STOP_REASON_LABELS,
  EXPERIMENT_STOP_REASONS,
  EXPERIMENT_VIEW_LIMIT,
  experimentVariantSchema,
  trafficConcentrationSchema,
  type ExperimentVerdict,
  type IdeaExperimentView,
  type TrafficConcentration,
} from '@kindling/domain';
import { z } from 'zod';
import type { MeasuredExperiment } from './measure-experiment';
import type { ExperimentRow } from './repo';

export type ExperimentView = IdeaExperimentView;

/**
 * What a stopped experiment keeps: the texts, the verdict (with its numbers) and the traffic
 * concentration at the stop (absent in rows stopped before it was counted).
 */
export interface StoppedResult {
  texts: MeasuredExperiment['texts'];
  verdict: ExperimentVerdict;
  traffic?: TrafficConcentration;
}

const storedResultSchema = z.object({
  texts: z.array(experimentVariantSchema),
  traffic: trafficConcentrationSchema.optional(),
  verdict: z.looseObject({
    outcome: z.enum(['variant_best', 'original_best', 'no_clear_winner']),
    text: z.string(),
    leader: z.number(),
    ratio: z.number().nullable(),
    arms: z.array(
      z.looseObject({
        label: z.string(),
        views: z.number(),
        visitors: z.number(),
        signups: z.number(),
        rate: z.number(),
        chanceBest: z.number(),
      }),
    ),
  }),
});

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function presentExperiment(
  row: ExperimentRow,
  result: StoppedResult,
  traffic: TrafficConcentration,
): ExperimentView {
  const { verdict, texts } = result;
  const reason = EXPERIMENT_STOP_REASONS.find((known) => known === row.stopReason) ?? null;
  return {
    id: row.id,
    pageId: row.pageId,
    campaignId: row.campaignId,
    status: row.status,
    stopReason: reason,
    stopReasonText: reason && EXPERIMENT_STOP_REASON_LABELS[reason],
    viewLimit: EXPERIMENT_VIEW_LIMIT,
    startedAt: iso(row.createdAt)!,
    stoppedAt: iso(row.stoppedAt),
    arms: verdict.arms.map((arm, index) => ({
      label: arm.label,
      headline: texts[index]?.headline ?? '',
      ctaLabel: texts[index]?.ctaLabel ?? '',
      views: arm.views,
      visitors: arm.visitors,
      signups: arm.signups,
      rate: arm.rate,
      chanceBest: arm.chanceBest,
    })),
    verdict: {
      outcome: verdict.outcome,
      text: verdict.text,
      leader: verdict.leader,
      ratio: verdict.ratio,
    },
    traffic,
  };
}

/** A stopped row's result, as stored at the stop. */
export function storedResult(row: ExperimentRow): StoppedResult | null {
  const parsed = storedResultSchema.safeParse(row.verdict);
  return parsed.success ? parsed.data : null;
}
