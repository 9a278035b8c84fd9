import {
  experimentVariantSchema,
  experimentVerdict,
  type ExperimentArm,
  type ExperimentVariant,
  type TrafficConcentration,
} from '@kindling/domain';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { getCampaign } from '../campaigns/get-campaigns';
import { getArmTotals } from '../stats/get-arm-totals';
import { getTrafficConcentration } from '../stats/get-traffic-concentration';
import type { ExperimentRow } from './repo';

export interface MeasuredExperiment {
  /** The original first, then the variants, as shown: what each arm says. */
  texts: ExperimentVariant[];
  arms: ExperimentArm[];
  /** The campaign's counted traffic by client address: concentrated, nothing automatic acts. */
  traffic: TrafficConcentration;
}

export const readVariants = (row: ExperimentRow) =>
  z.array(experimentVariantSchema).parse(row.variants);

/**
 * The experiment's arms from the campaign's results: the headline element (the first; the
 * button shares its draw) gives views, visitors and the visitors who signed up.
 */
export async function measureExperiment(
  { db }: { db: Db },
  row: ExperimentRow,
): Promise<MeasuredExperiment> {
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
  const traffic = await trafficOf({ db }, row);
  const texts = [original, ...variants];
  const arms = texts.map((_text, index): ExperimentArm => {
    const counted = totals[index] ?? { views: 0, visitors: 0, convertedVisitors: 0 };
    // Visitors add up per hour; a sign-up is never counted without its visitor.
    const visitors = Math.max(counted.visitors, counted.convertedVisitors);
    return { views: counted.views, visitors, signups: counted.convertedVisitors };
  });
  return { texts, arms, traffic };
}

/** The experiment campaign's traffic concentration, read now (also for a stopped one). */
export const trafficOf = ({ db }: { db: Db }, row: ExperimentRow) =>
  getTrafficConcentration({ db }, { teamId: row.teamId, campaignId: row.campaignId });

export const verdictOf = (measured: MeasuredExperiment) => experimentVerdict(measured.arms);
