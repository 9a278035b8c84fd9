import { EXPERIMENT_STOP_REASON_LABELS, type ExperimentStopReason } from './input';
import type { Verdict } from '../stats/verdict';

/** What the team is told when an idea experiment stops: in the app, and by mail if set up. */
export interface ExperimentNotice {
  title: string;
  body: string;
  /** The experiment's screen, inside the team: /pages/{id}/test. */
  teamPath: string;
}

const ANSWERED: readonly ExperimentStopReason[] = ['view_limit', 'clear_winner'];

export function experimentNotice(finished: {
  pageId: number;
  reason: ExperimentStopReason;
  /** The campaign's verdict on the headline, as the screen shows it. */
  verdict: Pick<Verdict, 'summary'>;
}): ExperimentNotice {
  return {
    title: ANSWERED.includes(finished.reason)
      ? 'Your idea test has an answer'
      : 'Your idea test has stopped',
    body: `${EXPERIMENT_STOP_REASON_LABELS[finished.reason]}. ${finished.verdict.summary}`,
    teamPath: `/pages/${finished.pageId}/test`,
  };
}
