import { IDEA_EXPERIMENT_MESSAGES } from '@kindling/domain';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { getPage } from '../pages/get-page';
import type { ExperimentDeps } from './experiment-deps';
import { trafficOf } from './measure-experiment';
import { presentExperiment, storedResult, type ExperimentView } from './present-experiment';
import { findLatestExperiment } from './repo';
import { checkExperiment, finishExperiment } from './stop-experiment';

async function latestOf(deps: ExperimentDeps, team: TeamAccess, pageId: number, origin: string) {
  // The page first: another team's page is "Page not found", like every page route.
  await getPage(deps, { team, id: pageId, origin });
  const row = await findLatestExperiment(deps.db, { teamId: team.id, pageId });
  if (!row) throw notFound(IDEA_EXPERIMENT_MESSAGES.noExperiment);
  return row;
}

/** The page's newest experiment; a running one is checked against the stop rule first. */
export async function getExperiment(
  deps: ExperimentDeps,
  { team, pageId, origin }: { team: TeamAccess; pageId: number; origin: string },
): Promise<ExperimentView> {
  const row = await latestOf(deps, team, pageId, origin);
  const stored = row.status === 'stopped' ? storedResult(row) : null;
  if (stored) return presentExperiment(row, stored, stored.traffic ?? (await trafficOf(deps, row)));
  const checked = await checkExperiment(deps, row);
  return presentExperiment(checked.row, checked.result, checked.traffic);
}

/** POST .../experiment/stop: the team stops it by hand, with the verdict so far. */
export async function stopExperimentByHand(
  deps: ExperimentDeps,
  { team, pageId, origin }: { team: TeamAccess; pageId: number; origin: string },
): Promise<ExperimentView> {
  const row = await latestOf(deps, team, pageId, origin);
  if (row.status !== 'running') {
    const stored = storedResult(row);
    if (stored)
      return presentExperiment(row, stored, stored.traffic ?? (await trafficOf(deps, row)));
  }
  const stopped = await finishExperiment(deps, { row, reason: 'stopped_by_user' });
  return presentExperiment(stopped.row, stopped.result, stopped.traffic);
}
