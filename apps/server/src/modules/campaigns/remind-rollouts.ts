import { ROLLOUT_REMINDER_DAYS, rolloutReminderNotice } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { AppInstance, AppServices } from '../../http/types';
import type { NotifyTeamInput } from '../notifications/notify-team';
import { claimRolloutReminder, dangerouslyListDueRolloutReminders } from './end-repo';
import { getCampaign } from './get-campaigns';
import { startPeriodicRound } from '../jobs/periodic-round';

/** How often rollouts are checked for their reminder: it is due by the day, not the minute. */
export const ROLLOUT_REMINDER_CHECK_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

export interface RolloutReminderDeps {
  db: Db;
  notify: (notice: NotifyTeamInput) => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}

/**
 * Tells each team whose rollout has been served ROLLOUT_REMINDER_DAYS to ship it in code and
 * remove it (issue 35), once: the claim lets one process of several tell. Answers how many
 * teams were told.
 */
export async function remindRollouts(deps: RolloutReminderDeps): Promise<number> {
  const now = (deps.now ?? Date.now)();
  const due = await dangerouslyListDueRolloutReminders(
    deps.db,
    new Date(now - ROLLOUT_REMINDER_DAYS * DAY_MS),
  );
  let told = 0;
  for (const { id, teamId } of due) {
    try {
      if (!(await claimRolloutReminder(deps.db, { teamId, id, at: new Date(now) }))) continue;
      const campaign = await getCampaign(deps, { teamId, id });
      await deps.notify({
        teamId,
        ...rolloutReminderNotice({
          campaignName: campaign.name,
          outcome: campaign.end?.outcome ?? 'The rollout',
        }),
        teamPath: `/campaign/${id}`,
      });
      told += 1;
    } catch (error) {
      deps.log.error({ err: error, campaignId: id }, 'rollout reminder failed');
    }
  }
  return told;
}

/** With JOB_WORKER, a check every ROLLOUT_REMINDER_CHECK_MS (as auto-stop's). */
export function startRolloutReminders(
  app: AppInstance,
  services: AppServices,
  { notify }: Pick<RolloutReminderDeps, 'notify'>,
): void {
  if (!services.config.JOB_WORKER) return;
  const deps = { db: services.db, notify, log: app.log };
  startPeriodicRound(app, ROLLOUT_REMINDER_CHECK_MS, () => remindRollouts(deps));
}
