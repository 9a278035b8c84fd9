import {
  DRAFT_MESSAGES,
  normalizeUrl,
  type SaveDraftInput,
  type SavedDraft,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { findDraft, insertDraft, updateDraftAt } from './repo';

/**
 * Saves the wizard's state: a new draft, or over the revision the wizard last saw. Another
 * tab's save in between answers 409 and changes nothing, so neither tab overwrites the other.
 */
export async function saveDraft(
  { db }: { db: Db },
  input: { teamId: number; userId: number | null; draft: SaveDraftInput },
): Promise<SavedDraft> {
  const { id, baseRevision, ...rest } = input.draft;
  const values = { ...rest, ingestedUrl: normalizeUrl(rest.ingestedUrl) };
  const target = { teamId: input.teamId, userId: input.userId, values };
  const saved =
    id === undefined
      ? await insertDraft(db, target)
      : await updateDraftAt(db, { ...target, id, baseRevision });
  if (!saved) {
    const exists = id !== undefined && (await findDraft(db, input.teamId, id));
    if (!exists) throw notFound(DRAFT_MESSAGES.notFound);
    throw new AppError('CONFLICT', DRAFT_MESSAGES.conflict);
  }
  return { id: saved.id, revision: saved.revision, updatedAt: saved.updatedAt.toISOString() };
}
