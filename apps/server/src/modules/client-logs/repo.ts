import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ClientLogsTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';

export type NewClientLog = Insertable<ClientLogsTable>;

/** Rows one eviction statement looks at: a statement stays short whatever the excess. */
const EVICT_BATCH = 1000;

export async function insertClientLogs(tx: Db | Tx, rows: NewClientLog[]): Promise<void> {
  await tx.insertInto('clientLogs').values(rows).execute();
}

/**
 * Every write to client_logs takes the usage row first, so writers queue on it in one order:
 * the triggers update it too, and a writer that reached it last could otherwise deadlock.
 */
export async function lockClientLogUsage(tx: Tx): Promise<number> {
  const row = await tx
    .selectFrom('clientLogUsage')
    .select('bytes')
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The sizes of every stored record added up. */
export async function clientLogBytes(db: Db | Tx): Promise<number> {
  const row = await db.selectFrom('clientLogUsage').select('bytes').executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * Cross-team by nature: deletes the oldest records until all of them together take at most
 * `maxBytes`; answers how many went. Run after the usage row was locked (lockClientLogUsage).
 */
export async function dangerousEvictOldestClientLogs(
  tx: Tx,
  { maxBytes }: { maxBytes: number },
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const excess = (await clientLogBytes(tx)) - maxBytes;
    if (excess <= 0) return deleted;
    // The oldest records, as many as it takes for their sizes to add up to the excess.
    const result = await sql`
      delete from client_logs where id in (
        select id from (
          select id, sum(size_bytes) over (order by id) - size_bytes as bytes_before
          from (select id, size_bytes from client_logs order by id limit ${EVICT_BATCH}) oldest
        ) running
        where bytes_before < ${excess}
      )`.execute(tx);
    const rows = Number(result.numAffectedRows ?? 0);
    if (rows === 0) return deleted;
    deleted += rows;
  }
}

/** Cross-team by nature: retention applies to every record, whoever sent it. */
export async function dangerousDeleteClientLogsBefore(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockClientLogUsage(tx);
    const deleted = await tx
      .deleteFrom('clientLogs')
      .where(
        'id',
        'in',
        tx
          .selectFrom('clientLogs')
          .select('id')
          .where('receivedAt', '<', before)
          .orderBy('receivedAt')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
