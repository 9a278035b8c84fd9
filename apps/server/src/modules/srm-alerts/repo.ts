import type { Db } from '../../db/database';

/**
 * Every team's campaigns a mismatch alert may be about: on, not a demo, not a bandit (whose
 * split moves by design), not told yet. Only the periodic check reads across teams; each
 * campaign is then read in its team.
 */
export function dangerouslyListSrmCandidates(db: Db) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'teamId'])
    .where('isEnabled', '=', true)
    .where('isDemo', '=', false)
    .where('type', '!=', 'multi_armed_bandit')
    .where('srmAlertedAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** True for the one process (of several) whose update found the campaign not told yet. */
export async function claimSrmAlert(
  db: Db,
  { teamId, id, at }: { teamId: number; id: number; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('campaigns')
    .set({ srmAlertedAt: at })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('isEnabled', '=', true)
    .where('srmAlertedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
