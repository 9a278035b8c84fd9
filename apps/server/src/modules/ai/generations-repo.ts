import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export type GenerationKind = 'text' | 'image';

/** The team's AI generation requests made since `since`. */
export async function countGenerationsSince(
  db: Db | Tx,
  { teamId, since }: { teamId: number; since: Date },
): Promise<number> {
  const row = await db
    .selectFrom('aiGenerations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('teamId', '=', teamId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGeneration(
  tx: Tx,
  { teamId, kind, at }: { teamId: number; kind: GenerationKind; at: Date },
): Promise<string> {
  const row = await tx
    .insertInto('aiGenerations')
    .values({ teamId, kind, createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteGeneration(db: Db, { teamId, id }: { teamId: number; id: string }) {
  await db.deleteFrom('aiGenerations').where('teamId', '=', teamId).where('id', '=', id).execute();
}
