import { scheduleProblem, SCHEDULE_MESSAGES, type ScheduleInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound, validationError } from '../../errors';
import { CAMPAIGN_NOT_FOUND, getCampaign } from '../campaigns/get-campaigns';
import { storedScheduleOf } from '../campaigns/present-schedule';
import { lockCampaignSchedule, writeCampaignSchedule } from './repo';

/**
 * Sets when the job worker starts and stops a campaign (both null: no schedule). Ended tests,
 * archived campaigns and demos are refused; so is a time that has passed, unless it is the one
 * stored already (a running campaign's stop moved, its applied start sent back unchanged).
 * Answers the campaign as GET /campaign/by-id gives it, with its schedule's state.
 */
export async function setCampaignSchedule(
  { db }: { db: Db },
  input: { teamId: number; id: number; schedule: ScheduleInput; nowMs?: number },
) {
  const { teamId, id, schedule } = input;
  await db.transaction().execute(async (tx) => {
    const current = await lockCampaignSchedule(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (current.isDemo) throw validationError(SCHEDULE_MESSAGES.demo);
    if (current.endedAt) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.ended);
    if (current.archivedAt) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.archived);
    const stored = storedScheduleOf(current);
    const problem = scheduleProblem(schedule, { stored, nowMs: input.nowMs ?? Date.now() });
    if (problem) throw validationError(problem.message, { [problem.field]: problem.message });
    await writeCampaignSchedule(tx, {
      teamId,
      id,
      schedule,
      keepStart: schedule.startAt === stored.startAt,
      keepStop: schedule.stopAt === stored.stopAt,
    });
  });
  return getCampaign({ db }, { teamId, id });
}
