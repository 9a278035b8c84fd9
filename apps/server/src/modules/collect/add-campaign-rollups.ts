import type { Db } from '../../db/database';
import { insertCampaignRollups } from './counts-repo';
import type { RollupRow } from './rollup-plan';

/**
 * Adds hourly rollups made elsewhere (the demo module's generated ones) to one of the team's
 * campaigns, in the rollup table the collector writes, so results read them like any others.
 */
export async function addCampaignRollups(
  { db }: { db: Db },
  input: { teamId: number; campaignId: number; rows: RollupRow[] },
): Promise<void> {
  await insertCampaignRollups(db, input);
}
