import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { CAMPAIGN_NOT_FOUND } from './get-campaigns';
import { deleteCampaign as deleteCampaignRow } from './repo';

export async function deleteCampaign(
  { db }: { db: Db },
  input: { teamId: number; id: number },
): Promise<void> {
  if (!(await deleteCampaignRow(db, input.teamId, input.id))) throw notFound(CAMPAIGN_NOT_FOUND);
}
