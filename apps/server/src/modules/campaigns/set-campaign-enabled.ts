import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { CAMPAIGN_NOT_FOUND } from './get-campaigns';
import { setCampaignEnabled as setCampaignEnabledRow } from './repo';

export async function setCampaignEnabled(
  { db }: { db: Db },
  input: { teamId: number; id: number; isEnabled: boolean },
): Promise<{ id: number; isEnabled: boolean }> {
  if (!(await setCampaignEnabledRow(db, input.teamId, input.id, input.isEnabled))) {
    throw notFound(CAMPAIGN_NOT_FOUND);
  }
  return { id: input.id, isEnabled: input.isEnabled };
}
