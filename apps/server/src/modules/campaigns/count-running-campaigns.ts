import type { Db } from '../../db/database';
import { countRunningCampaigns as countRunning } from './repo';

/** How many of the team's campaigns are switched on (demos never count: they never run). */
export const countRunningCampaigns = ({ db }: { db: Db }, { teamId }: { teamId: number }) =>
  countRunning(db, teamId);
