import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentCampaign, presentSummary } from './present-campaign';
import { campaignMetricName } from '@kindling/domain';
import { findCampaignMetrics } from './metrics-repo';
import { findCampaignParts, findCampaigns, listCampaigns } from './repo';
import { presentSchedule } from './present-schedule';
import { getTeamTimeZone } from '../teams/get-team-time-zone';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** What a campaign's schedule is read with: the team's zone, and now. */
async function scheduleContext(db: Db, teamId: number) {
  return { timeZone: await getTeamTimeZone({ db }, { teamId }), nowMs: Date.now() };
}

export async function listTeamCampaigns({ db }: { db: Db }, { teamId }: { teamId: number }) {
  const [rows, context] = await Promise.all([
    listCampaigns(db, teamId),
    scheduleContext(db, teamId),
  ]);
  return rows.map((row) => ({ ...presentSummary(row), schedule: presentSchedule(row, context) }));
}

export async function getCampaigns(
  { db }: { db: Db },
  { teamId, ids }: { teamId: number; ids?: number[] },
) {
  const rows = await findCampaigns(db, teamId, ids);
  const campaignIds = rows.map((row) => row.id);
  const [parts, metrics, context] = await Promise.all([
    findCampaignParts(db, teamId, campaignIds),
    findCampaignMetrics(db, teamId, campaignIds),
    scheduleContext(db, teamId),
  ]);
  const goalName = new Map(
    parts.goals.map((goal) => [
      goal.id,
      typeof goal.event.name === 'string' ? goal.event.name : '',
    ]),
  );
  return rows.map((row) => ({
    ...presentCampaign(row, parts),
    schedule: presentSchedule(row, context),
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

/** The campaign, or null when it is gone (the periodic checks meet campaigns deleted meanwhile). */
export async function findCampaign(
  services: { db: Db },
  { teamId, id }: { teamId: number; id: number },
) {
  const [campaign] = await getCampaigns(services, { teamId, ids: [id] });
  return campaign ?? null;
}

export async function getCampaign(
  services: { db: Db },
  { teamId, id }: { teamId: number; id: number },
) {
  const campaign = await findCampaign(services, { teamId, id });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}
