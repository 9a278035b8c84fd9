import {
  segmentValueChoices,
  type OpenSegmentDimension,
  type SegmentValuesAnswer,
} from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { countryAvailable } from '../targeting/get-audience';
import { STATS_MESSAGES } from './stats-query';

/**
 * What the results can be filtered by in the open dimensions (referrer, UTM tags, country): the
 * names the campaign keeps (collect/segment-values-repo.ts) and the classes. Another team's
 * campaign is not found.
 */
export async function getSegmentValues(
  { db, config }: { db: Db; config: Pick<Config, 'GEO_HEADER'> },
  { teamId, id }: { teamId: number; id: number },
): Promise<SegmentValuesAnswer> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', id)
    .where('teamId', '=', teamId)
    .executeTakeFirst();
  if (!campaign) throw notFound(STATS_MESSAGES.campaignNotFound);
  const kept = await db
    .selectFrom('campaignSegmentValues')
    .select(['dimension', 'value'])
    .where('campaignId', '=', id)
    .execute();
  return segmentValueChoices(
    kept.map((row) => ({ dimension: row.dimension as OpenSegmentDimension, value: row.value })),
    { countries: countryAvailable(config) },
  );
}
