import { CAMPAIGN_END_MESSAGES, type Campaign } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { lockCampaignEnd, setCampaignEndColumns } from './end-repo';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';

/**
 * Stops serving an ended test's rollout (the team shipped it in code, or changed its mind): the
 * page is as its owner made it again. Once removed it stays removed.
 */
export async function removeRollout(
  { db }: { db: Db },
  input: { teamId: number; id: number; now?: Date },
): Promise<Campaign> {
  const { teamId, id } = input;
  await db.transaction().execute(async (tx) => {
    const current = await lockCampaignEnd(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (!current.endedAt) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.notEnded);
    if (!current.rollout) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.noRollout);
    if (current.rolloutRemovedAt) {
      throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.rolloutRemoved);
    }
    const values = { rolloutRemovedAt: input.now ?? new Date() };
    await setCampaignEndColumns(tx, { teamId, id, values });
  });
  return getCampaign({ db }, { teamId, id });
}
