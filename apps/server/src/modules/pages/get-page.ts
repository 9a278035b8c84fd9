import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { presentPage, type PageView } from './present-page';
import { findPage } from './repo';

export async function getPage(
  { db }: { db: Db },
  { team, id, origin }: { team: TeamAccess; id: number; origin: string },
): Promise<PageView> {
  const row = await findPage(db, team.id, id);
  if (!row) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  return presentPage(row, { origin, team: team.slug });
}
