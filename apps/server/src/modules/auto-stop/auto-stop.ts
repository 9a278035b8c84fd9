import { autoStopNotice } from '@kindling/domain';
import type { AppInstance, AppServices } from '../../http/types';
import { checkAutoStopCampaigns, type AutoStopDeps, type AutoStopped } from './check-auto-stop';
import { startPeriodicRound } from '../jobs/periodic-round';

/** How often campaigns with auto-stop on are checked: verdicts move slowly, and rollups lag. */
export const AUTO_STOP_CHECK_MS = 5 * 60_000;

/** The notice the team gets (wired to the notifications module in app.ts). */
export const tellTeamAutoStopped =
  (
    notify: (notice: {
      teamId: number;
      title: string;
      body: string;
      teamPath: string;
    }) => Promise<unknown>,
  ) =>
  (stopped: AutoStopped) =>
    notify({
      teamId: stopped.teamId,
      ...autoStopNotice({
        campaignName: stopped.campaign.name,
        campaignId: stopped.campaign.id,
        decision: stopped.decision,
      }),
    });

/**
 * Auto-stop as app.ts wires it: with JOB_WORKER, a check every AUTO_STOP_CHECK_MS, like the
 * other periodic work of a worker process (idea experiments, rollup folding). Several processes
 * may check at once; the claim in repo.ts lets one of them stop and tell.
 */
export function startAutoStop(
  app: AppInstance,
  services: AppServices,
  options: Pick<AutoStopDeps, 'getStatsCorrection' | 'finalIntervals' | 'onAutoStopped'>,
) {
  const deps: AutoStopDeps = {
    db: services.db,
    config: services.config,
    servingChanged: services.servingChanged,
    log: app.log,
    ...options,
  };
  if (services.config.JOB_WORKER) {
    startPeriodicRound(app, AUTO_STOP_CHECK_MS, () =>
      checkAutoStopCampaigns(deps).catch((error: unknown) =>
        app.log.error({ err: error }, 'auto-stop round failed'),
      ),
    );
  }
  return { deps };
}
