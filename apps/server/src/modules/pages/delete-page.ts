import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { deletePageRow } from './repo';

/** Removes the page and its sign-ups. */
export async function deletePage(
  { db }: { db: Db },
  { team, id }: { team: TeamAccess; id: number },
): Promise<void> {
  if (!(await deletePageRow(db, team.id, id))) throw notFound(LANDING_PAGE_MESSAGES.notFound);
}
