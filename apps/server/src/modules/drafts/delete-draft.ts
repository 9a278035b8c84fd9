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

/**
 * The campaign built in the draft was created: the draft goes in the same transaction. One
 * already gone (discarded in another tab) is no reason to refuse the campaign.
 */
export async function discardCreatedDraft(
  tx: Db,
  { teamId, id }: { teamId: number; id: number },
): Promise<void> {
  await deleteDraftRow(tx, teamId, id);
}
