import {
  EXPERIMENT_STOP_REASON_LABELS,
  EXPERIMENT_STOP_REASONS,
  EXPERIMENT_VIEW_LIMIT,
  experimentVariantSchema,
  trafficConcentrationSchema,
  verdictSchema,
  type ExperimentVerdict,
  type IdeaExperimentView,
  type TrafficConcentration,
  type Verdict,
} from '@kindling/domain';
import { z } from 'zod';
import type { MeasuredExperiment } from './measure-experiment';
import type { ExperimentRow } from './repo';

export type ExperimentView = IdeaExperimentView;

/**
 * What a stopped experiment keeps: the texts, the arms' numbers (`verdict`, its old name), the
 * traffic concentration at the stop, and the campaign's verdict then (`decision`). Rows stopped
 * before a field was kept lack it.
 */
export interface StoppedResult {
  texts: MeasuredExperiment['texts'];
  verdict: ExperimentVerdict;
  traffic?: TrafficConcentration;
  variantIds?: (number | null)[];
  decision?: Verdict;
}

const storedResultSchema = z.object({
  texts: z.array(experimentVariantSchema),
  traffic: trafficConcentrationSchema.optional(),
  variantIds: z.array(z.number().nullable()).optional(),
  decision: verdictSchema.optional(),
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

/** Rows stopped before the campaign's verdict was kept: their own outcome, in its words. */
const LEGACY_STATES = {
  variant_best: 'winner',
  original_best: 'original_wins',
  no_clear_winner: 'keep_running',
} as const;

function legacyDecision(verdict: ExperimentVerdict): Verdict {
  return {
    state: LEGACY_STATES[verdict.outcome],
    variantId: null,
    method: 'sequential',
    metricId: null,
    summary: verdict.text,
    visitorsNeeded: null,
  };
}

export function presentExperiment(
  row: ExperimentRow,
  result: StoppedResult,
  traffic: TrafficConcentration,
): ExperimentView {
  const { verdict, texts, variantIds = [] } = result;
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
      variantId: variantIds[index] ?? null,
      headline: texts[index]?.headline ?? '',
      ctaLabel: texts[index]?.ctaLabel ?? '',
      views: arm.views,
      visitors: arm.visitors,
      signups: arm.signups,
      rate: arm.rate,
      chanceBest: arm.chanceBest,
    })),
    verdict: result.decision ?? legacyDecision(verdict),
    traffic,
  };
}

/** A stopped row's result, as stored at the stop. */
export function storedResult(row: ExperimentRow): StoppedResult | null {
  const parsed = storedResultSchema.safeParse(row.verdict);
  return parsed.success ? parsed.data : null;
}
