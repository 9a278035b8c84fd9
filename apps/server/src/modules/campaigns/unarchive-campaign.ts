import { CAMPAIGN_END_MESSAGES, type Campaign } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { lockCampaignEnd, setCampaignEndColumns } from './end-repo';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';

/** Brings an archived campaign back into the default list, as it was. */
export async function unarchiveCampaign(
  { db }: { db: Db },
  input: { teamId: number; id: number },
): Promise<Campaign> {
  const { teamId, id } = input;
  await db.transaction().execute(async (tx) => {
    const current = await lockCampaignEnd(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (!current.archivedAt) throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.notArchived);
    await setCampaignEndColumns(tx, { teamId, id, values: { archivedAt: null } });
  });
  return getCampaign({ db }, { teamId, id });
}
