import type { AppInstance, AppServices } from '../../http/types';
import { checkSrmCampaigns, type SrmAlertDeps } from './check-srm';
import { startPeriodicRound } from '../jobs/periodic-round';

/** How often running campaigns are checked: mismatches build up over hours, rollups lag. */
export const SRM_CHECK_MS = 15 * 60_000;

/**
 * Mismatch alerts as app-verdicts.ts wires them: with JOB_WORKER, a check every SRM_CHECK_MS,
 * like auto-stop. Several processes may check at once; the claim lets one of them tell.
 */
export function startSrmAlerts(
  app: AppInstance,
  services: AppServices,
  options: Pick<SrmAlertDeps, 'getStatsCorrection' | 'finalIntervals' | 'notify'>,
) {
  const deps: SrmAlertDeps = { db: services.db, config: services.config, log: app.log, ...options };
  if (services.config.JOB_WORKER) {
    startPeriodicRound(app, SRM_CHECK_MS, () =>
      checkSrmCampaigns(deps).catch((error: unknown) =>
        app.log.error({ err: error }, 'mismatch round failed'),
      ),
    );
  }
  return { deps };
}
