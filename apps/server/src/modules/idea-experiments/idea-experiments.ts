import type { AppInstance, AppServices } from '../../http/types';
import type { TextProvider } from '../ai/text-provider';
import type { ExperimentDeps, OnExperimentFinished } from './experiment-deps';
import { ideaExperimentRoutes } from './routes';
import { checkRunningExperiments, stopExperimentOfPage } from './stop-running-experiments';
import { startPeriodicRound } from '../jobs/periodic-round';

/** How often running experiments are checked when no one looks (a GET checks at once). */
export const EXPERIMENT_CHECK_MS = 60_000;

/**
 * The module as app.ts wires it: its routes, the callback the pages module calls when a page
 * goes off the web, and (with JOB_WORKER) a periodic check that stops finished experiments.
 */
export function ideaExperiments(
  app: AppInstance,
  services: AppServices,
  options: Pick<ExperimentDeps, 'getStatsCorrection' | 'finalIntervals'> & {
    textProvider: TextProvider;
    /** The notifications module's, once wired; until then the stop is logged. */
    onExperimentFinished?: OnExperimentFinished;
  },
) {
  const deps: ExperimentDeps = {
    db: services.db,
    config: services.config,
    textProvider: options.textProvider,
    onExperimentFinished:
      options.onExperimentFinished ??
      ((finished) => app.log.info({ experiment: finished }, 'idea experiment finished')),
    log: app.log,
    servingChanged: services.servingChanged,
    getStatsCorrection: options.getStatsCorrection,
    finalIntervals: options.finalIntervals,
  };
  if (services.config.JOB_WORKER) {
    startPeriodicRound(app, EXPERIMENT_CHECK_MS, () => checkRunningExperiments(deps));
  }
  return {
    deps,
    routes: (scope: AppInstance) => ideaExperimentRoutes(scope, deps),
    onPageGone: (input: { teamId: number; pageId: number }) => stopExperimentOfPage(deps, input),
  };
}
