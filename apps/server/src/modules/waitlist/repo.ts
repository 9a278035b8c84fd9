import type { Db } from '../../db/database';

export interface WaitingRow {
  entry: string;
  joinedAt: Date;
  joinedBy: string | null;
}

/** The team's waitlist entries with the name of the member who asked. */
export function findWaiting(db: Db, teamId: number): Promise<WaitingRow[]> {
  return db
    .selectFrom('teamWaitlist')
    .leftJoin('users', 'users.id', 'teamWaitlist.joinedBy')
    .select(['teamWaitlist.entry', 'teamWaitlist.joinedAt', 'users.realName as joinedBy'])
    .where('teamWaitlist.teamId', '=', teamId)
    .execute();
}

/** Joining twice keeps the first time and the first member who asked. */
export async function insertWaiting(
  db: Db,
  teamId: number,
  { entry, userId }: { entry: string; userId: number },
): Promise<void> {
  await db
    .insertInto('teamWaitlist')
    .values({ teamId, entry, joinedBy: userId })
    .onConflict((conflict) => conflict.columns(['teamId', 'entry']).doNothing())
    .execute();
}

export async function deleteWaiting(db: Db, teamId: number, entry: string): Promise<void> {
  await db
    .deleteFrom('teamWaitlist')
    .where('teamId', '=', teamId)
    .where('entry', '=', entry)
    .execute();
}

/** Instance-wide: how many teams wait for each entry (for an admin screen). */
export async function dangerousCountWaitingTeams(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('teamWaitlist')
    .select(['entry', (eb) => eb.fn.countAll<string>().as('teams')])
    .groupBy('entry')
    .execute();
  return new Map(rows.map((row) => [row.entry, Number(row.teams)]));
}
