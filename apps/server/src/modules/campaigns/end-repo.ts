import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

// Queries of ending, archiving and rolling out (issue 35). Every one takes the team's id; the
// reminder's sweep reads across teams and says so in its name.

/** The end state of one campaign of the team, locked for the change that follows. */
export function lockCampaignEnd(tx: Tx, teamId: number, id: number) {
  return tx
    .selectFrom('campaigns')
    .select(['id', 'isEnabled', 'isDemo', 'endedAt', 'rollout', 'rolloutRemovedAt', 'archivedAt'])
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the campaign has ended; undefined when the team has no such campaign. */
export async function findCampaignEnded(db: Db | Tx, teamId: number, id: number) {
  const row = await db
    .selectFrom('campaigns')
    .select('endedAt')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && row.endedAt !== null;
}

/** Whether the variant's campaign has ended; undefined when the team has no such variant. */
export async function findVariantCampaignEnded(db: Db | Tx, teamId: number, variantId: number) {
  const row = await db
    .selectFrom('variants')
    .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
    .innerJoin('campaigns', 'campaigns.id', 'campaignElements.campaignId')
    .select('campaigns.endedAt')
    .where('variants.teamId', '=', teamId)
    .where('campaigns.teamId', '=', teamId)
    .where('variants.id', '=', variantId)
    .executeTakeFirst();
  return row && row.endedAt !== null;
}

export async function markCampaignEnded(
  tx: Tx,
  { teamId, id, at, rollout }: { teamId: number; id: number; at: Date; rollout: object | null },
) {
  await tx
    .updateTable('campaigns')
    .set({
      endedAt: at,
      isEnabled: false,
      rollout: rollout === null ? null : JSON.stringify(rollout),
      updatedAt: at,
    })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .execute();
}

export async function setCampaignEndColumns(
  tx: Tx,
  {
    teamId,
    id,
    values,
  }: { teamId: number; id: number; values: { rolloutRemovedAt?: Date; archivedAt?: Date | null } },
) {
  await tx
    .updateTable('campaigns')
    .set({ ...values, updatedAt: new Date() })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .execute();
}

/** Adds rollout page views (collect): one statement per campaign of a batch. */
export async function addRolloutViews(db: Db, counts: ReadonlyMap<number, number>) {
  for (const [id, views] of counts) {
    await db
      .updateTable('campaigns')
      .set({ rolloutViews: sql<number>`rollout_views + ${views}` })
      .where('id', '=', id)
      .where('endedAt', 'is not', null)
      .execute();
  }
}

/**
 * Every team's rollouts served since before `endedBefore` whose reminder has not gone out: only
 * the reminder's sweep reads across teams; each campaign is then read in its team.
 */
export function dangerouslyListDueRolloutReminders(db: Db, endedBefore: Date) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'teamId'])
    .where('endedAt', '<=', endedBefore)
    .where('rollout', 'is not', null)
    .where('rolloutRemovedAt', 'is', null)
    .where('rolloutRemindedAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** Claims the reminder: true for the one process whose update found it still due. */
export async function claimRolloutReminder(
  db: Db,
  { teamId, id, at }: { teamId: number; id: number; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('campaigns')
    .set({ rolloutRemindedAt: at })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('rolloutRemindedAt', 'is', null)
    .where('rolloutRemovedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
