import type { ScheduleInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

// Queries of campaign schedules (issue 31). Every one takes the team's id, writes included; the
// worker's sweep reads across teams and says so in its name.

const SCHEDULE_COLUMNS = [
  'startAt',
  'stopAt',
  'scheduleStartedAt',
  'scheduleStoppedAt',
  'scheduleStartRefusal',
] as const;

/** One campaign of the team with what a schedule change asks of it, locked for the change. */
export function lockCampaignSchedule(tx: Tx, teamId: number, id: number) {
  return tx
    .selectFrom('campaigns')
    .select(['id', 'isDemo', 'endedAt', 'archivedAt', ...SCHEDULE_COLUMNS])
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Writes the times. A time that changed loses what the worker did with the old one (its claim,
 * a refused start's reason), so the new one is applied in its turn; one that did not keeps it.
 */
export async function writeCampaignSchedule(
  tx: Tx,
  input: {
    teamId: number;
    id: number;
    schedule: ScheduleInput;
    keepStart: boolean;
    keepStop: boolean;
  },
) {
  const { teamId, id, schedule } = input;
  await tx
    .updateTable('campaigns')
    .set({
      startAt: schedule.startAt === null ? null : new Date(schedule.startAt),
      stopAt: schedule.stopAt === null ? null : new Date(schedule.stopAt),
      ...(input.keepStart ? {} : { scheduleStartedAt: null, scheduleStartRefusal: null }),
      ...(input.keepStop ? {} : { scheduleStoppedAt: null }),
      updatedAt: new Date(),
    })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .execute();
}

/**
 * Every team's campaigns with a scheduled change due at `now` and not claimed yet: a start
 * (neither stopped nor refused) or a stop. Ended tests and demos are never switched.
 */
export function dangerouslyListDueSchedules(db: Db, now: Date) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'teamId', ...SCHEDULE_COLUMNS])
    .where('endedAt', 'is', null)
    .where('isDemo', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('startAt', '<=', now),
          eb('scheduleStartedAt', 'is', null),
          eb('scheduleStoppedAt', 'is', null),
          eb('scheduleStartRefusal', 'is', null),
        ]),
        eb.and([eb('stopAt', '<=', now), eb('scheduleStoppedAt', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export type ScheduleAction = 'start' | 'stop';

/**
 * Claims the scheduled start or stop: the campaign (name, whether it is on) for the one process
 * of several whose update found the change still due and unclaimed; undefined for the others.
 */
export function claimScheduledChange(
  db: Db,
  { teamId, id, action, at }: { teamId: number; id: number; action: ScheduleAction; at: Date },
) {
  const claim = db.updateTable('campaigns').where('teamId', '=', teamId).where('id', '=', id);
  const claimed =
    action === 'start'
      ? claim
          .set({ scheduleStartedAt: at })
          .where('startAt', '<=', at)
          .where('scheduleStartedAt', 'is', null)
          .where('scheduleStoppedAt', 'is', null)
          .where('scheduleStartRefusal', 'is', null)
      : claim
          .set({ scheduleStoppedAt: at })
          .where('stopAt', '<=', at)
          .where('scheduleStoppedAt', 'is', null);
  return claimed
    .where('endedAt', 'is', null)
    .returning(['id', 'name', 'isEnabled', 'startAt', 'stopAt'])
    .executeTakeFirst();
}

/** Gives a claim back when the switch itself failed for a passing reason: the next check retries. */
export async function releaseScheduledChange(
  db: Db,
  { teamId, id, action, at }: { teamId: number; id: number; action: ScheduleAction; at: Date },
) {
  const release = db.updateTable('campaigns').where('teamId', '=', teamId).where('id', '=', id);
  await (
    action === 'start'
      ? release.set({ scheduleStartedAt: null }).where('scheduleStartedAt', '=', at)
      : release.set({ scheduleStoppedAt: null }).where('scheduleStoppedAt', '=', at)
  ).execute();
}

/** Keeps why the scheduled start was refused: shown until the schedule changes, never retried. */
export async function recordStartRefusal(
  db: Db,
  { teamId, id, at, reason }: { teamId: number; id: number; at: Date; reason: string },
) {
  await db
    .updateTable('campaigns')
    .set({ scheduleStartRefusal: reason })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('scheduleStartedAt', '=', at)
    .execute();
}
