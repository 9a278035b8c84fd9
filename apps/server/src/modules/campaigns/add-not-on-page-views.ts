import type { Db } from '../../db/database';
import { addNotOnPageViews as addNotOnPageViewRows } from './repo';

/**
 * Adds page views where campaigns run that had none of their elements (collect, issue 31):
 * campaign id -> views.
 */
export async function addNotOnPageViews(
  { db }: { db: Db },
  { views }: { views: ReadonlyMap<number, number> },
): Promise<void> {
  if (views.size > 0) await addNotOnPageViewRows(db, views);
}
