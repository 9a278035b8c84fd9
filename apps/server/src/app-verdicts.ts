import type { AppInstance, AppServices } from './http/types';
import type { Outbox } from './mail/outbox';
import type { TextProvider } from './modules/ai/text-provider';
import { startAutoStop, tellTeamAutoStopped } from './modules/auto-stop/auto-stop';
import { startRolloutReminders } from './modules/campaigns/remind-rollouts';
import { ideaExperiments } from './modules/idea-experiments/idea-experiments';
import { tellTeam } from './modules/idea-experiments/tell-team';
import { notifyTeam, type NotifyTeamInput } from './modules/notifications/notify-team';
import { startSchedules } from './modules/schedules/schedules';
import { startSrmAlerts } from './modules/srm-alerts/srm-alerts';
import { createFinalIntervalCache } from './modules/stats/final-interval-cache';
import { getStatsCorrection } from './modules/teams/get-stats-correction';

/**
 * What acts on verdicts, wired for app.ts: the stats endpoint's cache of final intervals and
 * the team's correction, shared by the idea experiments and auto-stop, which read the
 * endpoint's verdicts over a campaign's life and tell the team (in the app, and by mail) when
 * they stop something.
 */
export function wireVerdicts(
  app: AppInstance,
  services: AppServices,
  { outbox, textProvider }: { outbox: Outbox; textProvider: TextProvider },
) {
  // Rows of final intervals, read once per process by the stats endpoint and the lifetime
  // verdicts of the list, the idea experiments and auto-stop.
  const finalIntervals = createFinalIntervalCache({ maxRows: services.config.STATS_CACHE_ROWS });
  const correctionOf = (teamId: number) => getStatsCorrection(services, { teamId });
  const notify = (notice: NotifyTeamInput) =>
    notifyTeam({ ...services, outbox, log: app.log }, notice);
  const experiments = ideaExperiments(app, services, {
    textProvider,
    getStatsCorrection: correctionOf,
    finalIntervals,
    onExperimentFinished: tellTeam(notify),
  });
  startAutoStop(app, services, {
    getStatsCorrection: correctionOf,
    finalIntervals,
    onAutoStopped: tellTeamAutoStopped(notify),
  });
  // What makes results untrustworthy, told once per campaign (issue 33's srm.detected).
  startSrmAlerts(app, services, { getStatsCorrection: correctionOf, finalIntervals, notify });
  // Not a verdict, but told the same way: a rollout served 30 days (issue 35).
  startRolloutReminders(app, services, { notify });
  // Nor are schedules (issue 31): started and stopped by the worker, the team told.
  startSchedules(app, services, { notify });
  return { finalIntervals, getStatsCorrection: correctionOf, experiments };
}
