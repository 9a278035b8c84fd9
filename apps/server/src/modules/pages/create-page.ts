import type { LandingPageInput } from '@kindling/domain';
import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { validationError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { presentPage } from './present-page';
import { insertPage } from './repo';

export const slugTaken = () =>
  validationError(LANDING_PAGE_MESSAGES.slugTaken, { slug: LANDING_PAGE_MESSAGES.slugTaken });

/** A new, unpublished page; the slug is unique within the team. */
export async function createPage(
  { db }: { db: Db },
  {
    team,
    userId,
    origin,
    page,
  }: { team: TeamAccess; userId: number; origin: string; page: LandingPageInput },
) {
  try {
    const row = await insertPage(db, { ...page, teamId: team.id, createdBy: userId });
    return presentPage(row, { origin, team: team.slug });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
