import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ClientLogsTable } from '../../db/schema';

export type NewClientLog = Insertable<ClientLogsTable>;

export async function insertClientLogs(db: Db, rows: NewClientLog[]): Promise<void> {
  await db.insertInto('clientLogs').values(rows).execute();
}

/** Cross-team by nature: retention applies to every record, whoever sent it. */
export async function dangerousDeleteClientLogsBefore(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const deleted = await db
    .deleteFrom('clientLogs')
    .where(
      'id',
      'in',
      db
        .selectFrom('clientLogs')
        .select('id')
        .where('receivedAt', '<', before)
        .orderBy('receivedAt')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
