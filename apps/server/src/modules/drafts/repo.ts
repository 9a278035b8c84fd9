import { sql, type Selectable } from 'kysely';
import type { SaveDraftInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { CampaignDraftsTable } from '../../db/schema';

export type DraftRow = Selectable<CampaignDraftsTable> & { updatedByEmail: string | null };

type DraftValues = Omit<SaveDraftInput, 'id' | 'baseRevision'>;

const columns = (values: DraftValues, userId: number | null) => ({
  name: values.name.trim(),
  ingestedUrl: values.ingestedUrl,
  step: values.step,
  thumbnail: JSON.stringify(values.thumbnail),
  state: JSON.stringify(values.state),
  updatedBy: userId,
});

export async function insertDraft(
  db: Db,
  draft: { teamId: number; userId: number | null; values: DraftValues },
): Promise<Pick<DraftRow, 'id' | 'revision' | 'updatedAt'>> {
  return db
    .insertInto('campaignDrafts')
    .values({ teamId: draft.teamId, ...columns(draft.values, draft.userId) })
    .returning(['id', 'revision', 'updatedAt'])
    .executeTakeFirstOrThrow();
}

/** Writes only over `baseRevision`: undefined when the draft moved on or is not the team's. */
export function updateDraftAt(
  db: Db,
  draft: {
    teamId: number;
    id: number;
    baseRevision: number;
    userId: number | null;
    values: DraftValues;
  },
): Promise<Pick<DraftRow, 'id' | 'revision' | 'updatedAt'> | undefined> {
  return db
    .updateTable('campaignDrafts')
    .set({
      ...columns(draft.values, draft.userId),
      revision: sql<number>`revision + 1`,
      updatedAt: sql<Date>`now()`,
    })
    .where('teamId', '=', draft.teamId)
    .where('id', '=', draft.id)
    .where('revision', '=', draft.baseRevision)
    .returning(['id', 'revision', 'updatedAt'])
    .executeTakeFirst();
}

function selectDrafts(db: Db, teamId: number) {
  return db
    .selectFrom('campaignDrafts as d')
    .leftJoin('users as u', 'u.id', 'd.updatedBy')
    .selectAll('d')
    .select('u.email as updatedByEmail')
    .where('d.teamId', '=', teamId);
}

export function findDraft(db: Db, teamId: number, id: number): Promise<DraftRow | undefined> {
  return selectDrafts(db, teamId).where('d.id', '=', id).executeTakeFirst();
}

export function listDrafts(db: Db, teamId: number): Promise<DraftRow[]> {
  return selectDrafts(db, teamId).orderBy('d.updatedAt', 'desc').orderBy('d.id', 'desc').execute();
}

export async function deleteDraftRow(db: Db, teamId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('campaignDrafts')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
