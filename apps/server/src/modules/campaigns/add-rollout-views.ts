import type { Db } from '../../db/database';
import { addRolloutViews as addRolloutViewRows } from './end-repo';

/**
 * Adds page views to ended tests' rollout counters (collect, issue 35): campaign id -> views.
 * Campaigns that have not ended are left alone.
 */
export async function addRolloutViews(
  { db }: { db: Db },
  { views }: { views: ReadonlyMap<number, number> },
): Promise<void> {
  if (views.size > 0) await addRolloutViewRows(db, views);
}
