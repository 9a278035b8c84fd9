import { MAX_COMBINATION_ROWS, type CombinationsAnswer } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { conversionGoalId } from './funnel-goals';
import type { GetCampaigns } from './get-campaign-stats';
import { STATS_MESSAGES } from './stats-query';

/**
 * A multivariate campaign's pages as visitors got them (issue 35): each combination of the
 * elements' arms with its visitors since the start and those who reached the conversion goal,
 * read from each visitor's own assignment. Most visited first.
 */
export async function getCombinations(
  { db, getCampaigns }: { db: Db; getCampaigns: GetCampaigns },
  { teamId, id }: { teamId: number; id: number },
): Promise<CombinationsAnswer> {
  const [campaign] = await getCampaigns({ teamId, ids: [id] });
  if (!campaign) throw notFound(STATS_MESSAGES.campaignNotFound);
  const goalId = conversionGoalId(campaign);
  // jsonb's text form orders its keys, so equal assignments group together.
  const combination = sql<string>`cv.assignments::text`;
  const rows = await db
    .selectFrom('campaignVisitors as cv')
    .leftJoin('visitorGoals as vg', (join) =>
      join
        .onRef('vg.campaignId', '=', 'cv.campaignId')
        .onRef('vg.visitorId', '=', 'cv.visitorId')
        .on('vg.goalId', '=', goalId ?? 0),
    )
    .select([
      combination.as('combination'),
      sql<string>`count(*)`.as('visitors'),
      sql<string>`count(vg.visitor_id)`.as('converted'),
    ])
    .where('cv.campaignId', '=', campaign.id)
    .groupBy(combination)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(combination)
    .execute();
  return {
    goalId,
    combinations: rows.slice(0, MAX_COMBINATION_ROWS).map((row) => ({
      assignments: JSON.parse(row.combination) as Record<string, number>,
      visitors: Number(row.visitors),
      converted: Number(row.converted),
    })),
    more: Math.max(0, rows.length - MAX_COMBINATION_ROWS),
  };
}
