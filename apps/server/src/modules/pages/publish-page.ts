import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { presentPage, type PageView } from './present-page';
import { setPagePublished } from './repo';

/** Makes the page public at its url; publishing twice keeps the first publication time. */
export async function publishPage(
  { db }: { db: Db },
  { team, id, origin }: { team: TeamAccess; id: number; origin: string },
): Promise<PageView> {
  const row = await setPagePublished(db, { teamId: team.id, id, published: true });
  if (!row) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  return presentPage(row, { origin, team: team.slug });
}
