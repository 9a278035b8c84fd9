import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentCampaign, presentSummary } from './present-campaign';
import { findCampaignParts, findCampaigns, listCampaigns } from './repo';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

export async function listTeamCampaigns({ db }: { db: Db }, { teamId }: { teamId: number }) {
  return (await listCampaigns(db, teamId)).map(presentSummary);
}

export async function getCampaigns(
  { db }: { db: Db },
  { teamId, ids }: { teamId: number; ids?: number[] },
) {
  const rows = await findCampaigns(db, teamId, ids);
  const parts = await findCampaignParts(
    db,
    teamId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentCampaign(row, parts));
}

export async function getCampaign(
  services: { db: Db },
  { teamId, id }: { teamId: number; id: number },
) {
  const [campaign] = await getCampaigns(services, { teamId, ids: [id] });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}
