import { LANDING_PAGE_MESSAGES, type LandingPageInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { slugTaken } from './create-page';
import { presentPage, type PageView } from './present-page';
import { updatePageRow } from './repo';

/** Replaces the whole page (PUT); a published page shows the new content at once. */
export async function updatePage(
  { db }: { db: Db },
  {
    team,
    id,
    origin,
    page,
  }: { team: TeamAccess; id: number; origin: string; page: LandingPageInput },
): Promise<PageView> {
  try {
    const row = await updatePageRow(db, { teamId: team.id, id, page });
    if (!row) throw notFound(LANDING_PAGE_MESSAGES.notFound);
    return presentPage(row, { origin, team: team.slug });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
