import { experimentStopReason, type ExperimentStopReason } from '@kindling/domain';
import { AppError } from '../../errors';
import { setCampaignEnabled } from '../campaigns/set-campaign-enabled';
import type { ExperimentDeps } from './experiment-deps';
import { measureExperiment, verdictOf, type MeasuredExperiment } from './measure-experiment';
import type { StoppedResult } from './present-experiment';
import { markStopped, type ExperimentRow } from './repo';

export interface CheckedExperiment {
  row: ExperimentRow;
  result: StoppedResult;
  traffic: MeasuredExperiment['traffic'];
}

const resultOf = (measured: MeasuredExperiment): StoppedResult => ({
  texts: measured.texts,
  verdict: verdictOf(measured),
  traffic: measured.traffic,
  variantIds: measured.variantIds,
  decision: measured.decision,
});

/**
 * Stops a running experiment: the verdict is stored, the campaign switched off and the team
 * told, unless its counted traffic is concentrated on few addresses: then no one is told a
 * verdict that one sender may have made (the stop itself was asked by a person or the page).
 * The first stop wins; a stop that lost the race answers the row as it is.
 */
export async function finishExperiment(
  deps: ExperimentDeps,
  {
    row,
    reason,
    measured: given,
  }: { row: ExperimentRow; reason: ExperimentStopReason; measured?: MeasuredExperiment },
): Promise<CheckedExperiment> {
  const measured = given ?? (await measureExperiment(deps, row));
  const result = resultOf(measured);
  const { traffic } = measured;
  const stopped = await markStopped(deps.db, { teamId: row.teamId, id: row.id, reason, result });
  if (!stopped) return { row, result, traffic };
  try {
    await setCampaignEnabled(deps, { teamId: row.teamId, id: row.campaignId, isEnabled: false });
  } catch (error) {
    // Deleted meanwhile: nothing is served any more either way.
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
  }
  if (traffic.concentrated) {
    deps.log.warn(
      { experimentId: row.id, reason, traffic: traffic.reason },
      'experiment finished on concentrated traffic: the team is not notified',
    );
    return { row: stopped, result, traffic };
  }
  try {
    await deps.onExperimentFinished({
      team: { id: row.teamId },
      pageId: row.pageId,
      campaignId: row.campaignId,
      reason,
      verdict: measured.decision,
    });
  } catch (error) {
    // Telling the team is best effort; the experiment has stopped all the same.
    deps.log.error({ err: error, experimentId: row.id }, 'experiment finished: notify failed');
  }
  return { row: stopped, result, traffic };
}

/**
 * A running experiment's numbers now; stopped at once when the stop rule holds (the view limit,
 * or an always-valid decision of the campaign's verdict), but never while the counted traffic is
 * concentrated on few client addresses (the domain's plausibility rule).
 */
export async function checkExperiment(
  deps: ExperimentDeps,
  row: ExperimentRow,
): Promise<CheckedExperiment> {
  const measured = await measureExperiment(deps, row);
  const reason = measured.traffic.concentrated
    ? null
    : experimentStopReason(measured.arms, measured.decision);
  if (reason) return finishExperiment(deps, { row, reason, measured });
  return { row, result: resultOf(measured), traffic: measured.traffic };
}
