import {
  CAMPAIGN_END_MESSAGES,
  rolloutProblem,
  storedRollout,
  type Campaign,
  type ElementFingerprint,
  type RolloutChoice,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound, validationError } from '../../errors';
import { lockCampaignEnd, markCampaignEnded } from './end-repo';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';
import { findCampaignParts } from './repo';
import { recordServingPhase } from './record-serving-phase';

/**
 * Ends a test (issue 35): switched off for good, its results kept as they are, and the chosen
 * variants (element id -> variant id; left out or null: the original) served to every visitor
 * from now on, counted apart (docs/decisions.md, "Ending a test"). A bad choice or a campaign
 * that ended already changes nothing.
 */
export async function endCampaign(
  { db }: { db: Db },
  input: { teamId: number; id: number; rollout: RolloutChoice | null; now?: Date },
): Promise<Campaign> {
  const { teamId, id } = input;
  await db.transaction().execute(async (tx) => {
    const current = await lockCampaignEnd(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (current.isDemo) throw validationError(CAMPAIGN_END_MESSAGES.demo);
    if (current.endedAt) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.alreadyEnded);
    const parts = await findCampaignParts(tx, teamId, [id]);
    const elements = parts.elements.map((element) => ({
      id: element.id,
      type: element.type,
      fingerprint: (element.data as { fingerprint?: ElementFingerprint }).fingerprint,
      variants: parts.variants.filter((variant) => variant.elementId === element.id),
    }));
    const problem = rolloutProblem(elements, input.rollout);
    if (problem) throw validationError(problem, { rollout: problem });
    const at = input.now ?? new Date();
    await markCampaignEnded(tx, { teamId, id, at, rollout: storedRollout(input.rollout) });
    // The experiment's arms are served no more: its last phase is "off".
    await recordServingPhase(tx, { teamId, campaignId: id });
  });
  return getCampaign({ db }, { teamId, id });
}
