import type { Db } from '../../db/database';

/**
 * Every team's campaigns auto-stop may switch off: on, running, not stopped by it yet, not a
 * demo. Only the periodic check reads across teams; each campaign is then read in its team.
 */
export function dangerouslyListAutoStopCandidates(db: Db) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'teamId'])
    .where('autoStop', '=', true)
    .where('isEnabled', '=', true)
    .where('autoStoppedAt', 'is', null)
    .where('isDemo', '=', false)
    .orderBy('id')
    .execute();
}

/**
 * Claims the stop: true for the one process (of several sharing the database) whose update found
 * the campaign still on, with auto-stop on and not yet stopped by it.
 */
export async function claimAutoStop(
  db: Db,
  { teamId, id, at }: { teamId: number; id: number; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('campaigns')
    .set({ autoStoppedAt: at })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('autoStop', '=', true)
    .where('isEnabled', '=', true)
    .where('autoStoppedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back when the switch itself failed, so the next check tries again. */
export async function releaseAutoStop(
  db: Db,
  { teamId, id, at }: { teamId: number; id: number; at: Date },
): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ autoStoppedAt: null })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('autoStoppedAt', '=', at)
    .execute();
}
