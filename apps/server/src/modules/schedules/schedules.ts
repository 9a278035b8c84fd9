import type { AppInstance, AppServices } from '../../http/types';
import type { NotifyTeamInput } from '../notifications/notify-team';
import { applyDueSchedules, type ScheduleDeps } from './check-schedules';
import { startPeriodicRound } from '../jobs/periodic-round';

/**
 * Schedules as app.ts wires them: with JOB_WORKER, a check every SCHEDULE_CHECK_MS, like the
 * other periodic work of a worker process (auto-stop, rollout reminders). Several processes may
 * check at once; the claims in repo.ts let one of them switch and tell.
 */
export function startSchedules(
  app: AppInstance,
  services: AppServices,
  { notify }: { notify: (notice: NotifyTeamInput) => Promise<unknown> },
): { deps: ScheduleDeps } {
  const deps: ScheduleDeps = {
    db: services.db,
    config: services.config,
    servingChanged: services.servingChanged,
    notify,
    log: app.log,
  };
  if (services.config.JOB_WORKER) {
    startPeriodicRound(app, services.config.SCHEDULE_CHECK_MS, () =>
      applyDueSchedules(deps).catch((error: unknown) =>
        app.log.error({ err: error }, 'schedule round failed'),
      ),
    );
  }
  return { deps };
}
