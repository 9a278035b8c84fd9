import type { CodeChange } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/get-campaigns';
import { listCampaignIds } from '../campaigns/list-campaign-ids';
import { findCodeChanges } from './repo';

/** Every change of a campaign's variant CSS and code, newest first (404 for another team's). */
export async function getCodeChanges(
  { db }: { db: Db },
  input: { teamId: number; campaignId: number },
): Promise<{ changes: CodeChange[] }> {
  const [campaign] = await listCampaignIds({ db }, input);
  if (campaign === undefined) throw notFound(CAMPAIGN_NOT_FOUND);
  const rows = await findCodeChanges(db, input);
  return {
    changes: rows.map(({ userEmail, changedAt, ...row }) => ({
      ...row,
      by: userEmail,
      at: new Date(changedAt).toISOString(),
    })),
  };
}
