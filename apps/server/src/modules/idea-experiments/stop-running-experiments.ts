import type { ExperimentDeps } from './experiment-deps';
import { dangerouslyListRunningExperiments, findRunningExperiment } from './repo';
import { checkExperiment, finishExperiment } from './stop-experiment';

/** Wired to the pages module: an unpublished (or deleted) page stops its experiment. */
export async function stopExperimentOfPage(
  deps: ExperimentDeps,
  { teamId, pageId }: { teamId: number; pageId: number },
): Promise<void> {
  const row = await findRunningExperiment(deps.db, { teamId, pageId });
  if (row) await finishExperiment(deps, { row, reason: 'page_unpublished' });
}

/** The periodic check: every running experiment of every team against the stop rule. */
export async function checkRunningExperiments(deps: ExperimentDeps): Promise<number> {
  let stopped = 0;
  for (const row of await dangerouslyListRunningExperiments(deps.db)) {
    try {
      const checked = await checkExperiment(deps, row);
      if (checked.row.status === 'stopped') stopped += 1;
    } catch (error) {
      deps.log.error({ err: error, experimentId: row.id }, 'experiment check failed');
    }
  }
  return stopped;
}
