import type { Db } from '../../db/database';

/** Campaigns, their elements' variant ids and goal ids, for checking events and serving them. */
export async function loadTrackingRows(db: Db, campaignIds: number[]) {
  if (campaignIds.length === 0) return { campaigns: [], variants: [], goals: [] };
  const [campaigns, variants, goals] = await Promise.all([
    db
      .selectFrom('campaigns')
      .innerJoin('teams', 'teams.id', 'campaigns.teamId')
      .select([
        'campaigns.id',
        'campaigns.teamId',
        'campaigns.isEnabled',
        'campaigns.isDemo',
        'campaigns.endedAt',
        'campaigns.ingestedUrl as url',
        'teams.slug as teamSlug',
        'teams.holdoutPercent',
      ])
      .where('campaigns.id', 'in', campaignIds)
      .execute(),
    db
      .selectFrom('campaignElements')
      .leftJoin('variants', 'variants.elementId', 'campaignElements.id')
      .select([
        'campaignElements.campaignId',
        'campaignElements.id as elementId',
        'variants.id as variantId',
      ])
      .where('campaignElements.campaignId', 'in', campaignIds)
      .execute(),
    db
      .selectFrom('goals')
      .select(['campaignId', 'id', 'isConversionGoal', 'metricRole'])
      .where('campaignId', 'in', campaignIds)
      .orderBy('campaignId')
      .orderBy('position')
      .execute(),
  ]);
  return { campaigns, variants, goals };
}
