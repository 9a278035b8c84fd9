import {
  armVitals,
  VITALS_METRIC_LABELS,
  vitalsHarms,
  type ElementVitals,
  type GuardrailVeto,
  type VitalsHistogram,
  type VitalsMetric,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { getVitalsSettingsOf } from './get-vitals-settings';
import { findVitalsRollups, type VitalsRollup } from './repo';

/** The element's arms as results show them: the original, then its variants in order. */
export interface VitalsElement {
  id: number;
  variantIds: readonly number[];
}

export interface CampaignVitals {
  /** Element id -> its arms' vitals and the harms found. */
  elements: Map<number, ElementVitals>;
  /** Element id -> the harms on the campaign's vitals guardrails, for the verdict. */
  vetoes: Map<number, GuardrailVeto[]>;
}

const CONTROL_ARM = 0;

function histogramsOf(rows: readonly VitalsRollup[]) {
  const samples = rows.find((row) => row.metric === 'all')?.reports ?? 0;
  const histograms: Partial<Record<VitalsMetric, Map<number, number>>> = {};
  for (const row of rows) {
    if (row.metric === 'all') continue;
    const histogram = (histograms[row.metric] ??= new Map<number, number>());
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.reports);
  }
  return { samples, histograms: histograms as Partial<Record<VitalsMetric, VitalsHistogram>> };
}

/**
 * The campaign's Web Vitals per element arm over its life (median and p75 of LCP, CLS and INP
 * and the sample sizes, packages/domain stats/vitals.ts) and the variants clearly worse than
 * the original; those on a metric the campaign set as a guardrail are vetoes for the verdict.
 */
export async function getCampaignVitals(
  { db }: { db: Db },
  {
    teamId,
    campaignId,
    elements,
  }: { teamId: number; campaignId: number; elements: readonly VitalsElement[] },
): Promise<CampaignVitals> {
  const [rows, settings] = await Promise.all([
    findVitalsRollups(db, { teamId, campaignId }),
    getVitalsSettingsOf({ db }, { teamId, campaignIds: [campaignId] }),
  ]);
  const guardrails = settings.get(campaignId)?.guardrails ?? [];
  const answer: CampaignVitals = { elements: new Map(), vetoes: new Map() };
  for (const element of elements) {
    const arms = [CONTROL_ARM, ...element.variantIds].map((arm, a) => ({
      variantId: a === 0 ? null : arm,
      label: a === 0 ? 'The original' : `Variant ${a}`,
      ...histogramsOf(rows.filter((row) => row.elementId === element.id && row.arm === arm)),
    }));
    const harms = vitalsHarms(arms, guardrails);
    answer.elements.set(element.id, {
      variants: Object.fromEntries(
        arms.map((arm) => [
          arm.variantId === null ? 'control' : String(arm.variantId),
          armVitals(arm.samples, arm.histograms),
        ]),
      ),
      harms,
    });
    answer.vetoes.set(
      element.id,
      harms
        .filter((harm) => harm.guardrail)
        .map((harm) => ({
          variantId: harm.variantId,
          metricId: `vitals:${harm.metric}`,
          name: VITALS_METRIC_LABELS[harm.metric],
          sentence: harm.summary,
        })),
    );
  }
  return answer;
}
