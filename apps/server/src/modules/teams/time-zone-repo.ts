import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

// The team's time zone (migration 0034): the zone its schedules are shown and edited in.

export async function findTeamTimeZone(db: Db | Tx, teamId: number): Promise<string> {
  const row = await db
    .selectFrom('teams')
    .select('timeZone')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.timeZone;
}

export async function setTeamTimeZoneRow(db: Db, teamId: number, timeZone: string) {
  await db.updateTable('teams').set({ timeZone }).where('id', '=', teamId).execute();
}
