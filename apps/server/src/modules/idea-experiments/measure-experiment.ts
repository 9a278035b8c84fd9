import {
  experimentVariantSchema,
  experimentVerdict,
  type ExperimentArm,
  type ExperimentVariant,
  type TrafficConcentration,
  type Verdict,
} from '@kindling/domain';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { getCampaign } from '../campaigns/get-campaigns';
import { getLifetimeStats, type LifetimeStatsDeps } from '../stats/campaign-verdicts';
import { getArmTotals } from '../stats/get-arm-totals';
import { getTrafficConcentration } from '../stats/get-traffic-concentration';
import type { ExperimentRow } from './repo';

export interface MeasuredExperiment {
  /** The original first, then the variants, as shown: what each arm says. */
  texts: ExperimentVariant[];
  arms: ExperimentArm[];
  /** The campaign's counted traffic by client address: concentrated, nothing automatic acts. */
  traffic: TrafficConcentration;
  /** The headline's variant per arm (null for the original), in the arms' order. */
  variantIds: (number | null)[];
  /** The campaign's verdict on the headline over its life: the results page's. */
  decision: Verdict;
}

export const readVariants = (row: ExperimentRow) =>
  z.array(experimentVariantSchema).parse(row.variants);

/**
 * The experiment's arms from the campaign's results: the headline element (the first; the
 * button shares its draw) gives views, visitors and the visitors who signed up.
 */
export async function measureExperiment(
  deps: LifetimeStatsDeps,
  row: ExperimentRow,
): Promise<MeasuredExperiment> {
  const { db } = deps;
  const campaign = await getCampaign({ db }, { teamId: row.teamId, id: row.campaignId });
  const [headline, button] = campaign.elements;
  const variants = readVariants(row);
  const original = {
    headline: headline?.type === 'text' ? headline.control.info.value : '',
    ctaLabel: button?.type === 'text' ? button.control.info.value : '',
  };
  const totals = headline
    ? await getArmTotals({ db }, { teamId: row.teamId, campaign, elementId: headline.id })
    : [];
  const stats = await getLifetimeStats(deps, { teamId: row.teamId, campaign });
  const decision = headline ? stats.elements[String(headline.id)]?.verdict : undefined;
  const { traffic } = stats;
  const texts = [original, ...variants];
  const arms = texts.map((_text, index): ExperimentArm => {
    const counted = totals[index] ?? { views: 0, visitors: 0, convertedVisitors: 0 };
    // Visitors add up per hour; a sign-up is never counted without its visitor.
    const visitors = Math.max(counted.visitors, counted.convertedVisitors);
    return { views: counted.views, visitors, signups: counted.convertedVisitors };
  });
  return {
    texts,
    arms,
    traffic,
    variantIds: texts.map((_text, index) =>
      index === 0 ? null : (headline?.variants[index - 1]?.id ?? null),
    ),
    decision: decision ?? {
      state: 'keep_running',
      variantId: null,
      method: campaign.statsMethod,
      metricId: null,
      summary: 'No variant is being served: nothing to compare.',
      visitorsNeeded: null,
    },
  };
}

/** The experiment campaign's traffic concentration, read now (also for a stopped one). */
export const trafficOf = ({ db }: { db: Db }, row: ExperimentRow) =>
  getTrafficConcentration({ db }, { teamId: row.teamId, campaignId: row.campaignId });

export const verdictOf = (measured: MeasuredExperiment) => experimentVerdict(measured.arms);
