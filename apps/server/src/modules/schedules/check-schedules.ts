import { dueScheduleAction, scheduleNotice } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { ServingChanged } from '../../http/types';
import { setCampaignEnabled } from '../campaigns/set-campaign-enabled';
import { storedScheduleOf } from '../campaigns/present-schedule';
import type { NotifyTeamInput } from '../notifications/notify-team';
import { getTeamTimeZone } from '../teams/get-team-time-zone';
import {
  claimScheduledChange,
  dangerouslyListDueSchedules,
  recordStartRefusal,
  releaseScheduledChange,
} from './repo';

export interface ScheduleDeps {
  db: Db;
  config: Config;
  /** Wired in app.ts: the notifications module tells the team, in the app and by mail. */
  notify: (notice: NotifyTeamInput) => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  servingChanged?: ServingChanged | undefined;
  now?: () => number;
}

type Outcome = 'started' | 'stopped' | 'refused';
type DueRow = Awaited<ReturnType<typeof dangerouslyListDueSchedules>>[number];

/**
 * Refusals the team is told about and that are not retried: the plan (402) or the running cap,
 * an archived campaign (409). A passing failure (the database, 503) gives the claim back.
 */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && ['PAYMENT_REQUIRED', 'CONFLICT', 'FORBIDDEN'].includes(error.code);

async function tell(
  deps: ScheduleDeps,
  input: { teamId: number; campaign: { id: number; name: string }; action: Outcome; at: Date },
  reason?: string,
) {
  try {
    const timeZone = await getTeamTimeZone(deps, { teamId: input.teamId });
    const notice = scheduleNotice({
      campaignName: input.campaign.name,
      campaignId: input.campaign.id,
      action: input.action,
      at: input.at.toISOString(),
      timeZone,
      nowMs: (deps.now ?? Date.now)(),
      ...(reason === undefined ? {} : { reason }),
    });
    await deps.notify({ teamId: input.teamId, ...notice });
  } catch (error) {
    // Telling the team is best effort; the campaign has switched all the same.
    deps.log.error({ err: error, campaignId: input.campaign.id }, 'schedule: notify failed');
  }
}

/**
 * One campaign's due change: claimed (one process of several), switched through the same path
 * as the app's switch (the plan's running cap asked on a start), and the team told, once. A
 * campaign already in the wanted state is left as it is, and nobody is told.
 */
async function applyDueSchedule(deps: ScheduleDeps, row: DueRow, nowMs: number) {
  const action = dueScheduleAction(storedScheduleOf(row), nowMs);
  if (!action) return null;
  const { teamId, id } = row;
  const at = new Date(nowMs);
  const claimed = await claimScheduledChange(deps.db, { teamId, id, action, at });
  if (!claimed) return null;
  const isEnabled = action === 'start';
  const scheduled = action === 'start' ? claimed.startAt : claimed.stopAt;
  const told = { teamId, campaign: claimed, at: scheduled ?? at };
  if (claimed.isEnabled === isEnabled) return null;
  try {
    await setCampaignEnabled(deps, { teamId, id, isEnabled, nowMs });
  } catch (error) {
    if (action === 'start' && isRefusal(error)) {
      await recordStartRefusal(deps.db, { teamId, id, at, reason: error.message });
      deps.log.info({ campaignId: id, reason: error.message }, 'schedule: start refused');
      await tell(deps, { ...told, action: 'refused' }, error.message);
      return 'refused';
    }
    await releaseScheduledChange(deps.db, { teamId, id, action, at });
    throw error;
  }
  const outcome = action === 'start' ? 'started' : 'stopped';
  deps.log.info({ campaignId: id }, `schedule: campaign ${outcome}`);
  await tell(deps, { ...told, action: outcome });
  return outcome;
}

/**
 * The periodic check: every campaign whose scheduled start or stop is due. Safe to run in
 * several processes at once (each change is claimed by one). Answers what it changed.
 */
export async function applyDueSchedules(deps: ScheduleDeps): Promise<Record<Outcome, number>> {
  const nowMs = (deps.now ?? Date.now)();
  const tally: Record<Outcome, number> = { started: 0, stopped: 0, refused: 0 };
  for (const row of await dangerouslyListDueSchedules(deps.db, new Date(nowMs))) {
    try {
      const outcome = await applyDueSchedule(deps, row, nowMs);
      if (outcome) tally[outcome] += 1;
    } catch (error) {
      deps.log.error({ err: error, campaignId: row.id }, 'schedule check failed');
    }
  }
  return tally;
}
