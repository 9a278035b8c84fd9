import { CAMPAIGN_END_MESSAGES, type Campaign } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { lockCampaignEnd, setCampaignEndColumns } from './end-repo';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';

/**
 * Archives a campaign: hidden from the default list, kept whole (results, rollout) and shown by
 * the list's "Archived" filter. A running test is paused or ended first: hidden, it would go on
 * taking traffic unseen.
 */
export async function archiveCampaign(
  { db }: { db: Db },
  input: { teamId: number; id: number; now?: Date },
): Promise<Campaign> {
  const { teamId, id } = input;
  await db.transaction().execute(async (tx) => {
    const current = await lockCampaignEnd(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (current.archivedAt) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.alreadyArchived);
    if (current.isEnabled) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.archiveRunning);
    await setCampaignEndColumns(tx, {
      teamId,
      id,
      values: { archivedAt: input.now ?? new Date() },
    });
  });
  return getCampaign({ db }, { teamId, id });
}
