import {
  CAMPAIGN_LIMITS,
  capShares,
  isConcentrated,
  mulberry32,
  thompsonWeights,
  type Campaign,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { armSeries, armValues, CONTROL_ARM } from './arm-series';
import { armCounts } from './element-stats';
import { conversionGoalId } from './funnel-goals';
import type { Interval } from './intervals';
import { armModes } from './present-stats';
import { sumRollupsOverLifetime } from './repo';
import { sumCampaignTraffic } from './traffic-repo';

/** The traffic shares of one element's served arms: the control and its enabled variants. */
export interface ElementWeights {
  control: number;
  /** Variant id -> share. */
  variants: Map<number, number>;
}

const LIFETIME: Interval[] = [{ start: -Infinity, end: Infinity }];
/** No arm gets more: the others keep exploring (docs/decisions.md, maxTrafficAllocation). */
const CEILING = CAMPAIGN_LIMITS.maxTrafficAllocation / 100;
/** Shares are served to 4 decimals: the config stays short and changes only visibly. */
const round = (weight: number) => Math.round(weight * 10_000) / 10_000;

/**
 * Thompson-sampling weights per element of a bandit campaign (docs/decisions.md, "Bandit
 * weights"), from each served arm's exposed and converted visitors over the campaign's
 * lifetime, counted as the significance engine counts them, none above 90%. Even while nothing
 * can be learnt: no conversion goal, or no arm has visitors yet; and even while the counted
 * traffic is concentrated on few client addresses (one sender could be steering the shares).
 * Seeded by the element id, so the same counts always give the same weights.
 */
export async function getBanditWeights(
  { db }: { db: Db },
  { teamId, campaign }: { teamId: number; campaign: Campaign },
): Promise<Map<number, ElementWeights>> {
  const goalId = conversionGoalId(campaign);
  const learnable =
    goalId !== null &&
    !isConcentrated(await sumCampaignTraffic(db, { teamId, campaignId: campaign.id }));
  const rows = learnable
    ? await sumRollupsOverLifetime(db, { teamId, campaignId: campaign.id, goalIds: [goalId] })
    : [];
  const series = armSeries(rows, LIFETIME, goalId === null ? null : { goalId, chosen: false });
  return new Map(
    campaign.elements.map((element) => {
      const variantIds = element.variants.filter((v) => v.isEnabled).map((v) => v.id);
      const arms = [CONTROL_ARM, ...variantIds].map((arm) =>
        armCounts(armModes(armValues(series, element.id, arm, LIFETIME.length))),
      );
      const weights = arms.some((arm) => arm.visitors > 0)
        ? capShares(thompsonWeights({ arms, random: mulberry32(element.id) }), CEILING)
        : arms.map(() => 1 / arms.length);
      const [control, ...variants] = weights.map(round);
      return [
        element.id,
        { control: control!, variants: new Map(variantIds.map((id, i) => [id, variants[i]!])) },
      ];
    }),
  );
}
