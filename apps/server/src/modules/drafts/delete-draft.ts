import { DRAFT_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { deleteDraftRow } from './repo';

export async function deleteDraft(
  { db }: { db: Db },
  { teamId, id }: { teamId: number; id: number },
): Promise<void> {
  if (!(await deleteDraftRow(db, teamId, id))) throw notFound(DRAFT_MESSAGES.notFound);
}
