import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { deletePageRow, findPage } from './repo';
import type { PageGone } from './unpublish-page';

/** Removes the page and its sign-ups; what ran on it stops first. */
export async function deletePage(
  { db, onPageGone }: { db: Db; onPageGone?: PageGone },
  { team, id }: { team: TeamAccess; id: number },
): Promise<void> {
  if (!(await findPage(db, team.id, id))) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  await onPageGone?.({ teamId: team.id, pageId: id });
  if (!(await deletePageRow(db, team.id, id))) throw notFound(LANDING_PAGE_MESSAGES.notFound);
}
