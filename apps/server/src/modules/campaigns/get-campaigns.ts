import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentCampaign, presentSummary } from './present-campaign';
import { campaignMetricName } from '@kindling/domain';
import { findCampaignMetrics } from './metrics-repo';
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
  const campaignIds = rows.map((row) => row.id);
  const [parts, metrics] = await Promise.all([
    findCampaignParts(db, teamId, campaignIds),
    findCampaignMetrics(db, teamId, campaignIds),
  ]);
  const goalName = new Map(
    parts.goals.map((goal) => [
      goal.id,
      typeof goal.event.name === 'string' ? goal.event.name : '',
    ]),
  );
  return rows.map((row) => ({
    ...presentCampaign(row, parts),
    extraMetrics: metrics
      .filter((metric) => metric.campaignId === row.id)
      .map(({ campaignId: _campaign, ...metric }) => ({
        ...metric,
        name: campaignMetricName(
          metric.kind,
          metric.goalId === null ? undefined : goalName.get(metric.goalId),
          metric.capPercentile,
        ),
      })),
  }));
}

export async function getCampaign(
  services: { db: Db },
  { teamId, id }: { teamId: number; id: number },
) {
  const [campaign] = await getCampaigns(services, { teamId, ids: [id] });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}
