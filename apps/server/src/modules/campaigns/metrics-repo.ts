import type { ExtraMetric } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export interface MetricRow extends ExtraMetric {
  id: number;
  campaignId: number;
}

/** The team's campaign's metrics in their order; none when the campaign is not the team's. */
export async function findCampaignMetrics(
  db: Db | Tx,
  teamId: number,
  campaignIds: readonly number[],
): Promise<MetricRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('campaignMetrics as m')
    .innerJoin('campaigns as c', 'c.id', 'm.campaignId')
    .where('c.teamId', '=', teamId)
    .where('m.campaignId', 'in', campaignIds)
    .select([
      'm.id',
      'm.campaignId',
      'm.kind',
      'm.goalId',
      'm.role',
      'm.lowerIsBetter',
      'm.capPercentile',
    ])
    .orderBy('m.campaignId')
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
}

/** The campaign's goal ids, locking the campaign row; undefined when not the team's. */
export async function lockCampaignGoals(tx: Tx, teamId: number, campaignId: number) {
  const campaign = await tx
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', campaignId)
    .where('teamId', '=', teamId)
    .forUpdate()
    .executeTakeFirst();
  if (!campaign) return undefined;
  const goals = await tx
    .selectFrom('goals')
    .select(['id'])
    .where('campaignId', '=', campaignId)
    .execute();
  return new Set(goals.map((goal) => goal.id));
}

/** Replaces the campaign's metrics with these, in this order. */
export async function replaceCampaignMetrics(
  tx: Tx,
  campaignId: number,
  metrics: readonly ExtraMetric[],
): Promise<void> {
  await tx.deleteFrom('campaignMetrics').where('campaignId', '=', campaignId).execute();
  if (metrics.length === 0) return;
  await tx
    .insertInto('campaignMetrics')
    .values(metrics.map((metric, position) => ({ ...metric, campaignId, position })))
    .execute();
}
